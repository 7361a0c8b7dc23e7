import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, type TCertificateAttended } from '@attend/shared';

/** The label every certificate message starts with (see QrKeys.documentSigner). */
const LABEL = 'attend-certificate-v1\n';

/** What a certificate's signature covers: everything it shows about the holder and the event. */
export type CertificateContent = {
  id: string;
  eventId: number;
  participantId: number;
  fullName: string;
  organization: string;
  eventName: string;
  startDate: Date;
  endDate: Date;
  location: string;
  attended: TCertificateAttended;
  issuedAt: Date;
};

/** A new certificate id: 12 characters without look-alikes from a CSPRNG (about 59 bits). */
export function newCertificateId(): string {
  let id = '';
  for (let i = 0; i < 12; i++) id += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return id;
}

/** The bytes signed: the label, then the content as one JSON array in a fixed order. */
export function certificateMessage(c: CertificateContent): Buffer {
  const a = c.attended;
  return Buffer.from(
    LABEL +
      JSON.stringify([
        c.id,
        c.eventId,
        c.participantId,
        c.fullName,
        c.organization,
        c.eventName,
        c.startDate.toISOString(),
        c.endDate.toISOString(),
        c.location,
        [a.days, a.days_total, a.sessions, a.session_names],
        c.issuedAt.toISOString(),
      ]),
    'utf8',
  );
}

/** The absolute address of a certificate's public page (what its QR code carries). */
export function verifyUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/verify/${id}`;
}
