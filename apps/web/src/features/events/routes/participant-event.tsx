import { useIdParam } from '../../../lib/use-id-param';
import { ParticipantEventView } from '../../attendance';

/** /event/:eventId: the participant's event page (banner, attendance, QR code, notes). */
export function ParticipantEventPage() {
  const id = useIdParam('eventId');
  return <ParticipantEventView key={id ?? 'none'} eventId={id} />;
}

export default ParticipantEventPage;
