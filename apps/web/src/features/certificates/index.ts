/** What other features may use of the certificates feature. */
export { MyCertificateButton } from './components/my-certificate-button';
