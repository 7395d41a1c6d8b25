import { describe, expect, it } from 'vitest';
import { MAX_REPORT_TEXT, parseModeratorRequest, parseReportRequest } from './moderation.ts';

describe('reports and moderators’ requests', () => {
  it('a report names a player, a reason from the list, perhaps a game, and readable text of bounded size', () => {
    expect(parseReportRequest({ player: 'Bo', reason: 'cheat' })).toEqual({ ok: true, value: { player: 'Bo', reason: 'cheat', text: '' } });
    expect(parseReportRequest({ player: 'Bo', reason: 'abuse', game: 'aZ3_k-9', text: '  line one\r\nline two ' })).toEqual({
      ok: true,
      value: { player: 'Bo', reason: 'abuse', game: 'aZ3_k-9', text: 'line one\nline two' },
    });
    const refused = (x: unknown) => {
      const parsed = parseReportRequest(x);
      return parsed.ok ? null : parsed.error.message;
    };
    expect(refused({ player: 'Bo', reason: 'rude' })).toMatch(/reason: one of cheat, boost, abuse, other/);
    expect(refused({ reason: 'cheat' })).toMatch(/player/);
    expect(refused({ player: 'Bo', reason: 'cheat', game: '../x' })).toMatch(/game/);
    expect(refused({ player: 'Bo', reason: 'cheat', text: 'x'.repeat(MAX_REPORT_TEXT + 1) })).toMatch(/at most 1000/);
    expect(refused({ player: 'Bo', reason: 'cheat', text: 'a\uFEFFb' })).toMatch(/U\+FEFF/);
    expect(refused({ player: 'Bo', reason: 'cheat', text: 'a\uD800b' })).toMatch(/U\+D800/);
    expect(refused({ player: 'Bo', reason: 'cheat', text: 'a\u0007b' })).toMatch(/U\+0007/);
    expect(refused({ player: 'Bo', reason: 'cheat', extra: 1 })).toMatch(/unknown field "extra"/);
  });

  it('a moderator’s action needs a note; a mute may give its minutes, from one to a year', () => {
    expect(parseModeratorRequest({ note: 'spam' })).toEqual({ ok: true, value: { note: 'spam' } });
    expect(parseModeratorRequest({ note: 'spam', minutes: 60 }, true)).toEqual({ ok: true, value: { note: 'spam', minutes: 60 } });
    expect(parseModeratorRequest({ note: 'spam', minutes: 60 }).ok).toBe(false);
    expect(parseModeratorRequest({ note: 'spam', minutes: 0 }, true).ok).toBe(false);
    expect(parseModeratorRequest({ note: 'spam', minutes: 1.5 }, true).ok).toBe(false);
    expect(parseModeratorRequest({ note: '   ' }).ok).toBe(false);
    expect(parseModeratorRequest({}).ok).toBe(false);
    expect(parseModeratorRequest(null).ok).toBe(false);
  });
});
