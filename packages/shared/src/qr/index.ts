export * from './credential';
export { base32Decode, base32Encode, base64UrlDecode, base64UrlEncode } from './encoding';
