import { describe, expect, it } from 'vitest';
import { inviteOf, nextPage, signInPage } from './kept-invite.ts';

const memory = () => {
  const kept = new Map<string, string>();
  return { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
};

describe('an invitation kept through signing in', () => {
  it('keeps the code of the link for the tab and gives it back on the same tournament only', () => {
    const storage = memory();
    expect(inviteOf('T1', '?invite=abc', storage)).toBe('abc');
    expect(inviteOf('T1', '', storage)).toBe('abc');
    expect(inviteOf('T2', '', storage)).toBeNull();
    expect(inviteOf('T1', '?invite=def', storage)).toBe('def');
    expect(inviteOf('T1', '', null)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(inviteOf('T1', '?invite=abc', refusing)).toBe('abc');
    expect(inviteOf('T1', '', refusing)).toBeNull();
  });

  it('comes back to a path of this site only', () => {
    const there = signInPage('/tournament/T1?invite=a+b&x=1');
    expect(there).toBe('/account?next=%2Ftournament%2FT1%3Finvite%3Da%2Bb%26x%3D1');
    expect(nextPage(new URL(there, 'https://x.example').search)).toBe('/tournament/T1?invite=a+b&x=1');
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/a\nb', ''])
      expect(nextPage(`?next=${encodeURIComponent(bad)}`), bad).toBeNull();
    expect(nextPage('')).toBeNull();
  });
});
