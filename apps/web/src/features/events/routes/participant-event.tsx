import { useParams } from 'react-router';
import { ParticipantEventView } from '../../attendance';

/** /event/:eventId: the participant's event page (banner, attendance, QR code, notes). */
export function ParticipantEventPage() {
  const { eventId } = useParams();
  const id = eventId && /^\d{1,10}$/.test(eventId) ? Number(eventId) : null;
  return <ParticipantEventView key={id ?? 'none'} eventId={id && id <= 2 ** 31 - 1 ? id : null} />;
}

export default ParticipantEventPage;
