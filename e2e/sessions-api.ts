/**
 * API set-up for the event and session journeys: each journey builds its own event, participants
 * and sessions so it never depends on (or disturbs) what other journeys do with the seeded event.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiStaffToken, postSignIn } from './fixtures';

export type CreatedEvent = { id: number; name: string; event_code: string };
export type CreatedParticipant = {
  id: number;
  full_name: string;
  email: string;
  username: string;
  unique_code: string;
};
export type CreatedSession = {
  id: number;
  name: string;
  start_time: string;
  end_time: string;
  max_participants: number;
  parent_session: number | null;
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Midnight UTC `days` days from now: a calendar day safely in the future. */
export function futureDay(days: number): Date {
  return new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY);
}

/** `day` plus hours (and minutes) as an ISO instant. */
export function at(day: Date, hours: number, minutes = 0): string {
  return new Date(day.getTime() + hours * HOUR + minutes * 60_000).toISOString();
}

/** The value a `datetime-local` input takes for an instant, in UTC (the journeys run in UTC). */
export function localInput(iso: string): string {
  return iso.slice(0, 16);
}

export function suffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

export class Api {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async staff(request: APIRequestContext): Promise<Api> {
    return new Api(request, await apiStaffToken(request));
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  /** GET as staff, expecting 200. */
  async get<T>(url: string): Promise<T> {
    const res = await this.request.get(url, { headers: this.headers });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  }

  private async post<T>(url: string, data: unknown, status = 201): Promise<T> {
    const res = await this.request.post(url, { data, headers: this.headers });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
    return (await res.json()) as T;
  }

  createEvent(data: {
    name: string;
    start_date: string;
    end_date: string;
    location?: string;
    time_zone?: string;
    print_badge_on_check_in?: boolean;
    allow_walk_ins_by_scanners?: boolean;
  }) {
    return this.post<CreatedEvent>('/api/events/', { location: 'Kigali Conference Centre', ...data });
  }

  createParticipant(eventId: number, fullName: string) {
    const email = `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}.${suffix()}@example.org`;
    return this.post<CreatedParticipant>(`/api/events/${eventId}/participants/`, {
      full_name: fullName,
      email,
    });
  }

  async confirm(eventId: number, participantId: number): Promise<void> {
    await this.post(`/api/events/${eventId}/participants/${participantId}/confirm_attendance/`, {}, 200);
  }

  createSession(
    eventId: number,
    data: {
      name: string;
      start_time: string;
      end_time: string;
      max_participants?: number;
      location?: string;
    },
  ) {
    return this.post<CreatedSession>(`/api/events/${eventId}/sessions/`, {
      location: 'Main Hall',
      max_participants: 0,
      ...data,
    });
  }

  createSubSessions(sessionId: number, data: { num_sub_sessions: number; sub_session_type: string }) {
    return this.post<{ message: string; sub_sessions: CreatedSession[] }>(
      `/api/sessions/global/${sessionId}/create_sub_sessions/`,
      data,
    );
  }
}

/** Signs a participant in through the API and registers them for a session. */
export async function registerAs(
  request: APIRequestContext,
  eventCode: string,
  participant: CreatedParticipant,
  sessionId: number,
): Promise<void> {
  const login = await postSignIn(request, '/api/auth/login/', {
    event_code: eventCode,
    unique_code: participant.unique_code,
  });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const res = await request.post(`/api/sessions/${sessionId}/register/${participant.id}/`, {
    data: {},
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** No serious or critical accessibility violation on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}
