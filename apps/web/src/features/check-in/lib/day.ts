/** Today as YYYY-MM-DD in UTC (the day of the DSA report and of a participant's DSA progress). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
