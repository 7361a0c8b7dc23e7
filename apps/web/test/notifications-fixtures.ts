import {
  DEFAULT_CERTIFICATE_DESIGN,
  DEFAULT_CERTIFICATE_RULES,
  DEFAULT_TAG_DESIGN,
  tagDesignResponse,
} from '@attend/shared';
import type {
  TDashboardActivity,
  TEvent,
  TEventDetail,
  TFailedEmailStats,
  TParticipant,
  TRetryResult,
} from '@attend/shared';

export const EVENT_ID = 5;

/** An event as GET /api/events/ lists it. */
export function event(overrides: Partial<TEvent> = {}): TEvent {
  return {
    id: EVENT_ID,
    name: 'Regional Health Workshop',
    title: 'Regional Health Workshop',
    description: '',
    start_date: '2026-03-02T07:00:00Z',
    end_date: '2026-03-04T17:00:00Z',
    location: 'Kigali',
    is_active: true,
    event_code: 'RHW26X',
    logo: null,
    image: null,
    primary_color: '#1EB53A',
    secondary_color: '#FFFFFF',
    accent_color: '#0072C6',
    tag_background_color: '#ffffff',
    tag_text_color: '#000000',
    tag_design: tagDesignResponse(
      DEFAULT_TAG_DESIGN,
      { primary: '#1EB53A', secondary: '#FFFFFF', accent: '#0072C6', background: '#ffffff', text: '#000000' },
      null,
    ),
    logo_url: null,
    event_notes: '',
    group_chat_url: null,
    support_contact: null,
    dsa_sessions_per_day: 4,
    allow_walk_ins_by_scanners: false,
    print_badge_on_check_in: false,
    certificate_rules: DEFAULT_CERTIFICATE_RULES,
    certificate_design: { ...DEFAULT_CERTIFICATE_DESIGN, signature_url: null },
    time_zone: 'UTC',
    default_country: '',
    status: 'Upcoming',
    participants_count: 3,
    sessions_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function eventDetail(overrides: Partial<TEventDetail> = {}): TEventDetail {
  return { ...event(), confirmed_count: 1, check_ins_count: 0, ...overrides };
}

/** A participant as the staff list returns them. */
export function participant(overrides: Partial<TParticipant> = {}): TParticipant {
  return {
    id: 1,
    event: EVENT_ID,
    username: 'amina',
    full_name: 'Amina Uwase',
    email: 'amina@example.org',
    phone: '',
    phone_invalid: false,
    organization: '',
    job_title: '',
    language: 'en',
    unique_code: 'ABCD2345',
    confirmed_attendance: false,
    confirmed_at: null,
    notification_sent: false,
    notification_sent_at: null,
    notification_status: 'not_sent',
    qr_code_url: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function failedEmailStats(overrides: Partial<TFailedEmailStats> = {}): TFailedEmailStats {
  const none = { pending: 0, retry_scheduled: 0, failed_permanently: 0, ready_for_retry: 0, total_failed: 0 };
  return {
    ...none,
    total_ready_for_retry: 0,
    next_retries: [],
    next_retry_times: [],
    more_retries: 0,
    sms: none,
    ...overrides,
  };
}

export function retryResult(retried: number, successful: number, failed: number): TRetryResult {
  const counts = { total_retried: retried, total_successful: successful, total_failed: failed };
  return {
    message: `Retried ${retried} messages: ${successful} sent, ${failed} failed.`,
    results: {
      ...counts,
      email: counts,
      sms: { total_retried: 0, total_successful: 0, total_failed: 0 },
    },
  };
}

export function activity(overrides: Partial<TDashboardActivity> = {}): TDashboardActivity {
  return {
    days: [{ day: '2026-03-02', confirmations: 2, check_ins: 1 }],
    messages: { pending: 0, sending: 0, sent: 4, retry_scheduled: 1, failed_permanently: 0, cancelled: 0 },
    recent_events: [],
    ...overrides,
  };
}
