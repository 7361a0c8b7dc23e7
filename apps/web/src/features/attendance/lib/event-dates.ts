/** Dates and times of an event in the viewer's locale and time zone. */
export function eventDates(startIso: string, endIso: string): { dates: string; times: string } {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });
  const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
  const sameDay = start.toDateString() === end.toDateString();
  return {
    dates: sameDay ? day.format(start) : `${day.format(start)} – ${day.format(end)}`,
    times: `${time.format(start)} – ${time.format(end)}`,
  };
}

/** The start date alone, in the viewer's locale format (document 1 §2 QR code page). */
export function localeDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}
