import type { TCheckInLiveEvent } from '@attend/shared';
import type { Database } from '../../db/client';
import { CHECK_IN_CHANNEL, type CheckInNotice } from './live-channel';

type Listener = (event: TCheckInLiveEvent) => void;

/**
 * Fans check-in notifications out to the live streams of this process. One LISTEN per process,
 * opened with the first subscriber; PostgreSQL delivers every process's NOTIFY to each of them.
 */
export class CheckInHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Starts listening if nobody was; resolves once notifications will arrive. */
  private start(): Promise<unknown> {
    this.listening ??= this.database.listen(CHECK_IN_CHANNEL, (payload) => this.dispatch(payload));
    return this.listening;
  }

  private dispatch(payload: string): void {
    let notice: CheckInNotice;
    try {
      notice = JSON.parse(payload) as CheckInNotice;
    } catch (err) {
      this.onError(err);
      return;
    }
    const event: TCheckInLiveEvent = { action: notice.action, check_in: notice.check_in };
    for (const listener of this.listeners.get(notice.event_id) ?? []) listener(event);
  }

  /** Calls `listener` for every check-in of the event made or undone from now on. */
  async subscribe(eventId: number, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(eventId);
    if (!set) this.listeners.set(eventId, (set = new Set()));
    set.add(listener);
    await this.start();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(eventId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }
}
