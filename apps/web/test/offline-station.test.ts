import {
  generateQrKeyPair,
  importQrSigningKey,
  messages,
  signQrCredential,
  type TOfflinePack,
} from '@attend/shared';
import { describe, expect, it, vi } from 'vitest';
import { formatDisplayDateTime } from '../src/lib/date-time';
import { agreesWithTotals, mergePack, packUnchanged } from '../src/features/check-in/lib/offline-pack';
import {
  buildStationIndex,
  decideOffline,
  type OfflineScanInput,
} from '../src/features/check-in/lib/offline-scan';
import type { QueuedScan } from '../src/features/check-in/lib/offline-store';

const EVENT = 7;

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing value');
  return value;
}

const people = [
  {
    id: 1,
    full_name: 'Ada Lovelace',
    organization: 'Analytical',
    confirmed: true,
    code: 'ADA23456',
    sessions: [11],
  },
  {
    id: 2,
    full_name: 'Alan Turing',
    organization: 'Bletchley',
    confirmed: false,
    code: 'TUR23456',
    sessions: [],
  },
  { id: 3, full_name: 'Grace Hopper', organization: 'Navy', confirmed: true, code: 'HOP23456', sessions: [] },
];

async function makePack() {
  const keys = await generateQrKeyPair();
  const pack: TOfflinePack = {
    generated_at: '2026-11-27T09:00:00.000Z',
    full: true,
    event: {
      id: EVENT,
      name: 'Workshop',
      start_date: '2026-11-27T08:00:00.000Z',
      end_date: '2026-11-28T17:00:00.000Z',
      location: 'Hall',
      is_active: true,
      time_zone: 'UTC',
      allow_walk_ins_by_scanners: false,
      print_badge_on_check_in: false,
    },
    public_key: keys.publicKey,
    sessions: [
      {
        id: 11,
        name: 'Keynote',
        parent_session: null,
        start_time: '2026-11-27T09:00:00.000Z',
        end_time: '2026-11-27T10:00:00.000Z',
        is_active: true,
      },
    ],
    // The pack knows people by id only (their QR codes): nothing in it comes from their unique codes.
    participants: people.map(({ code: _code, ...p }) => p),
    check_ins: [
      {
        id: 100,
        participant_id: 3,
        session: null,
        check_in_time: '2026-11-27T08:30:00.000Z',
        checked_in_by: 'door2',
      },
    ],
    totals: { participants: 3, registrations: 1, check_ins: 1 },
  };
  const signer = await importQrSigningKey(keys.privateKey);
  const credential = (participantId: number, eventId = EVENT) =>
    signQrCredential(signer, { eventId, participantId });
  return { pack, credential };
}

let n = 0;
const scan = (code: string, extra: Partial<OfflineScanInput> = {}): OfflineScanInput => ({
  code,
  session: null,
  sessionName: 'Main Event',
  notes: '',
  force: false,
  nonce: `nonce-${(n += 1)}-abcdef`,
  at: '2026-11-27T09:05:00.000Z',
  ...extra,
});

describe('offline station decisions', () => {
  it('checks a genuine QR in and queues it with its nonce and scan time', async () => {
    const { pack, credential } = await makePack();
    const index = await buildStationIndex(pack);
    const input = scan(await credential(1));
    const { outcome, queue } = await decideOffline(index, [], input);
    expect(outcome).toMatchObject({ tone: 'ok', kind: 'checked_in', name: 'Ada Lovelace' });
    expect(queue).toMatchObject({
      client_nonce: input.nonce,
      participant_id: 1,
      scanned_at: input.at,
      session: null,
    });
  });

  it('refuses a QR whose signature does not verify, and queues nothing', async () => {
    const { pack, credential } = await makePack();
    const index = await buildStationIndex(pack);
    const genuine = await credential(1);
    // Another key's signature over the same ids: well formed, not this event's.
    const other = await makePack();
    const forged = await other.credential(1);
    expect(forged).not.toBe(genuine);
    const { outcome, queue } = await decideOffline(index, [], scan(forged));
    expect(outcome).toMatchObject({ tone: 'error', kind: 'forged_code', detail: messages.forgedCheckInCode });
    expect(queue).toBeNull();
  });

  it('verifies with @noble/ed25519 where the browser has no WebCrypto Ed25519', async () => {
    const { pack, credential } = await makePack();
    const genuine = await credential(1);
    const forged = await (await makePack()).credential(1);
    const subtle = globalThis.crypto.subtle;
    const importKey = subtle.importKey.bind(subtle);
    const spy = vi
      .spyOn(subtle, 'importKey')
      .mockImplementation(((...args: Parameters<typeof importKey>) =>
        args[2] === 'Ed25519'
          ? Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'))
          : importKey(...args)) as typeof subtle.importKey);
    try {
      const index = await buildStationIndex(pack);
      expect((await decideOffline(index, [], scan(genuine))).outcome.kind).toBe('checked_in');
      expect((await decideOffline(index, [], scan(forged))).outcome.kind).toBe('forged_code');
      expect(spy.mock.calls.some((call) => call[2] === 'Ed25519')).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('saves a typed code of the right shape unchecked, right or wrong, naming no one', async () => {
    const { pack } = await makePack();
    const index = await buildStationIndex(pack);
    // Ada's code typed in lower case with a space, Alan's (not confirmed: only the server can tell),
    // and no one's: the station cannot tell them apart.
    for (const typed of ['ada2 3456', 'TUR23456', 'ZZZZ9999']) {
      const input = scan(typed);
      const { outcome, queue } = await decideOffline(index, [], input);
      expect(outcome, typed).toEqual({
        tone: 'warn',
        kind: 'checked_in',
        title: 'Saved, to be checked',
        name: null,
        organization: null,
        session: 'Main Event',
        detail:
          'This station cannot check this code without the network. It is saved, and the server checks it when the station is back online.',
        record: null,
        first: null,
        canForce: false,
      });
      expect(queue, typed).toEqual({
        client_nonce: input.nonce,
        event_id: EVENT,
        qr_code_data: typed,
        session: null,
        scanned_at: input.at,
        notes: '',
        force: false,
        participant_id: null,
        participant_name: '',
        session_name: 'Main Event',
      });
    }
    // The wrong shape is still refused here.
    for (const typed of ['AB1', 'ADA2345€', 'x'.repeat(33)]) {
      const { outcome, queue } = await decideOffline(index, [], scan(typed));
      expect(outcome, typed).toMatchObject({ kind: 'invalid_code', detail: messages.invalidCheckInCode });
      expect(queue, typed).toBeNull();
    }
  });

  it('flags a typed code already saved at this station, however it was typed', async () => {
    const { pack, credential } = await makePack();
    const index = await buildStationIndex(pack);
    const first = await decideOffline(index, [], scan('ada2-3456', { at: '2026-11-27T09:05:00.000Z' }));
    const waiting: QueuedScan[] = [
      must((await decideOffline(index, [], scan(await credential(2), { force: true }))).queue),
      must(first.queue),
    ];
    const again = await decideOffline(index, waiting, scan(' ADA2 3456 '));
    expect(again.outcome).toMatchObject({
      tone: 'warn',
      kind: 'already_checked_in',
      title: 'Already saved at this station',
      name: null,
      detail: `Saved here on ${formatDisplayDateTime('2026-11-27T09:05:00.000Z', 'UTC')}. The server checks it when the station is back online.`,
    });
    expect(again.queue).toBeNull();
    // Another code, or the same code at a session, is a new scan.
    expect((await decideOffline(index, waiting, scan('ADA23457'))).queue).not.toBeNull();
    const keynote = await decideOffline(
      index,
      waiting,
      scan('ADA23456', { session: 11, sessionName: 'Keynote' }),
    );
    expect(keynote.outcome.title).toBe('Saved, to be checked');
    expect(keynote.queue).not.toBeNull();
  });

  it('flags a repeat against the pack and against its own queue', async () => {
    const { pack, credential } = await makePack();
    const index = await buildStationIndex(pack);
    const grace = await decideOffline(index, [], scan(await credential(3)));
    expect(grace.outcome).toMatchObject({ kind: 'already_checked_in', first: { by: 'door2' } });
    expect(grace.queue).toBeNull();

    const first = await decideOffline(index, [], scan(await credential(1)));
    const waiting: QueuedScan[] = [must(first.queue)];
    const again = await decideOffline(index, waiting, scan(await credential(1)));
    expect(again.outcome.kind).toBe('already_checked_in');
    expect(again.queue).toBeNull();
    // The same person at a session is a new check-in.
    const keynote = await decideOffline(
      index,
      waiting,
      scan(await credential(1), { session: 11, sessionName: 'Keynote' }),
    );
    expect(keynote.outcome.kind).toBe('checked_in');
  });

  it('applies the door and session rules, and Check in anyway queues with force', async () => {
    const { pack, credential } = await makePack();
    const index = await buildStationIndex(pack);
    const alan = await credential(2);
    const refused = await decideOffline(index, [], scan(alan));
    expect(refused.outcome).toMatchObject({ kind: 'not_confirmed', canForce: true });
    expect(refused.queue).toBeNull();
    const forced = await decideOffline(index, [], scan(alan, { force: true }));
    expect(forced.queue).toMatchObject({ force: true, participant_id: 2 });

    const notRegistered = await decideOffline(
      index,
      [],
      scan(await credential(3), { session: 11, sessionName: 'Keynote' }),
    );
    expect(notRegistered.outcome.kind).toBe('not_registered');
    const noSuchSession = await decideOffline(index, [], scan(await credential(1), { session: 99 }));
    expect(noSuchSession.outcome.kind).toBe('session_not_found');
  });

  it('checks someone found by name in by id: queued without a code, with the same rules as a QR', async () => {
    const { pack } = await makePack();
    const index = await buildStationIndex(pack);
    const ada = await decideOffline(index, [], scan('', { participant: 1 }));
    expect(ada.outcome).toMatchObject({ tone: 'ok', kind: 'checked_in', name: 'Ada Lovelace' });
    expect(ada.queue).toMatchObject({ qr_code_data: '', by_name: true, participant_id: 1 });
    const again = await decideOffline(index, [must(ada.queue)], scan('', { participant: 1 }));
    expect(again.outcome.kind).toBe('already_checked_in');
    expect((await decideOffline(index, [], scan('', { participant: 3 }))).outcome.kind).toBe(
      'already_checked_in',
    );
    expect((await decideOffline(index, [], scan('', { participant: 2 }))).outcome.kind).toBe('not_confirmed');
    // Gone from the pack since the search: nobody to check in.
    const gone = await decideOffline(index, [], scan('', { participant: 99 }));
    expect(gone.outcome.kind).toBe('unknown_code');
    expect(gone.queue).toBeNull();
  });

  it('tells another event and damaged codes apart, and queues a genuine credential it cannot place', async () => {
    const { pack, credential } = await makePack();
    const index = await buildStationIndex(pack);
    expect((await decideOffline(index, [], scan(await credential(1, 8)))).outcome.kind).toBe('other_event');
    expect((await decideOffline(index, [], scan('AT1:XXXX'))).outcome.kind).toBe('invalid_code');
    expect((await decideOffline(index, [], scan('no!'))).outcome.kind).toBe('invalid_code');
    // Added after the pack was made: signed by the event's key, so the server decides on sync.
    const newcomer = await decideOffline(index, [], scan(await credential(50)));
    expect(newcomer.outcome).toMatchObject({ tone: 'warn', kind: 'checked_in' });
    expect(newcomer.queue?.participant_id).toBeNull();
  });
});

describe('offline pack refresh', () => {
  it('merges a delta: changed participants replace theirs, new check-ins join', async () => {
    const { pack } = await makePack();
    const delta: TOfflinePack = {
      ...pack,
      generated_at: '2026-11-27T09:01:00.000Z',
      full: false,
      participants: [{ ...must(pack.participants[1]), confirmed: true }],
      check_ins: [
        {
          id: 101,
          participant_id: 1,
          session: null,
          check_in_time: '2026-11-27T09:00:30.000Z',
          checked_in_by: 'door1',
        },
        // Overlap: a record the kept pack already has comes again.
        must(pack.check_ins[0]),
      ],
      totals: { participants: 3, registrations: 1, check_ins: 2 },
    };
    const merged = mergePack(pack, delta);
    expect(merged?.participants.find((p) => p.id === 2)?.confirmed).toBe(true);
    expect(merged?.check_ins.map((c) => c.id).sort()).toEqual([100, 101]);
    expect(merged?.generated_at).toBe(delta.generated_at);
    expect(agreesWithTotals(must(merged))).toBe(true);
  });

  it('asks for the whole pack when something was removed meanwhile', async () => {
    const { pack } = await makePack();
    const delta = { ...pack, full: false, participants: [], check_ins: [] };
    expect(mergePack(pack, { ...delta, totals: { ...pack.totals, participants: 2 } })).toBeNull();
    expect(mergePack(pack, { ...delta, totals: { ...pack.totals, check_ins: 0 } })).toBeNull();
    expect(mergePack(pack, { ...delta, totals: { ...pack.totals, registrations: 0 } })).toBeNull();
    expect(mergePack(pack, delta)).not.toBeNull();
  });

  it('tells a refresh that changes nothing (the pack is then neither stored nor indexed again)', async () => {
    const { pack } = await makePack();
    const quiet = {
      ...pack,
      generated_at: '2026-11-27T09:01:00.000Z',
      full: false,
      participants: [],
      check_ins: [],
    };
    expect(packUnchanged(pack, quiet)).toBe(true);
    // The overlap repeats what the pack holds: still nothing new.
    expect(
      packUnchanged(pack, {
        ...quiet,
        participants: [must(pack.participants[0])],
        check_ins: pack.check_ins,
      }),
    ).toBe(true);
    const first = must(pack.participants[0]);
    expect(packUnchanged(pack, { ...quiet, participants: [{ ...first, full_name: 'Ada King' }] })).toBe(
      false,
    );
    expect(
      packUnchanged(pack, {
        ...quiet,
        check_ins: [{ ...must(pack.check_ins[0]), id: 101 }],
        totals: { ...pack.totals, check_ins: 2 },
      }),
    ).toBe(false);
    expect(packUnchanged(pack, { ...quiet, totals: { ...pack.totals, participants: 2 } })).toBe(false);
    expect(packUnchanged(pack, { ...quiet, sessions: [] })).toBe(false);
    expect(packUnchanged(pack, { ...quiet, event: { ...pack.event, is_active: false } })).toBe(false);
    expect(packUnchanged(pack, { ...quiet, full: true })).toBe(false);
  });

  it('replaces whole a kept pack of an earlier version, which held keyed hashes of the codes', async () => {
    const { pack } = await makePack();
    const legacy = {
      ...pack,
      code_key: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk',
      code_bits: 16,
      participants: pack.participants.map((p) => ({ ...p, code_hash: 4242 })),
    };
    expect(mergePack(legacy, { ...pack, full: false, participants: [], check_ins: [] })).toBeNull();
    // Until then it still works: its hashes are not read.
    const index = await buildStationIndex(legacy);
    expect((await decideOffline(index, [], scan('ADA23456'))).outcome.title).toBe('Saved, to be checked');
  });
});
