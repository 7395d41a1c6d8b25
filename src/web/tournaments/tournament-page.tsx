import type { TournamentChatLine, TournamentNews } from '@hexarena/engines/protocol/lobby.ts';
import { Trophy } from 'lucide-preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { useAccount } from '../account/use-account.ts';
import { formatNumber, formatRating, t } from '../i18n/index.ts';
import { LobbyConnection } from '../lobby/lobby-connection.ts';
import { gamePage } from '../online/links.ts';
import { profilePage } from '../social/addresses.ts';
import { TOURNAMENTS_PAGE } from './addresses.ts';
import {
  act,
  fetchInvite,
  fetchInvited,
  fetchTournament,
  type Invitation,
  joinTournament,
  type StandingRow,
  type TournamentAction,
  type TournamentPairing,
  type TournamentShown,
} from './api.ts';
import { TournamentChat } from './chat.tsx';
import { mergeChat } from './chat-lines.ts';
import { inviteLink } from './conditions-text.ts';
import { CreateTournament } from './create-form.tsx';
import { WhoMayJoin } from './entry-conditions.tsx';
import { joinRefusalText } from './join-refusal.ts';
import { inviteOf, signInPage, tabStorage } from './kept-invite.ts';
import { applyNews, caughtUp } from './live.ts';
import { DisqualifiedLine, Disqualify } from './organiser-tools.tsx';
import { settingsLine, whenLine } from './parts.tsx';
import { countdownText } from './parts-text.ts';
import { seatedAt, TablesOfRound } from './tables-of-round.tsx';
import { tournamentProblem } from './tournament-refusals.ts';
import './tournaments.css';

/** Events heard while a read is under way, kept for it: past this many, it reads again anyway. */
const WAITING_EVENTS = 20;

/** A result as a crosstable writes it, from the first seat's side. */
function resultText(p: TournamentPairing): string {
  switch (p.result) {
    case 'white':
      return '1–0';
    case 'black':
      return '0–1';
    case 'draw':
      return '½–½';
    case 'white-forfeit':
      return '+ –';
    case 'black-forfeit':
      return '– +';
    case 'bye':
      return t('tournament.bye');
    case 'void':
      return t('tournament.void');
    default:
      return p.game ? t('tournament.playing') : '';
  }
}

const score = (n: number) => formatNumber(n, { maximumFractionDigits: 2 });
/** The tie-breaks after the first: left out on a phone, where the table would otherwise scroll sideways. */
const lesser = (i: number) => (i > 0 ? 'lesser' : undefined);

/** The time left until `at`, ticking each second (null without one). */
function useCountdown(at: number | null): number | null {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, at - now);
}

/**
 * A tournament's page (/tournament/<id>): what it is and when, a countdown to its start, joining and
 * leaving, its organiser's start, finish and cancel, your game when it is made (the page goes to it),
 * the standings and the pairings of each round with their games and results, live over the lobby
 * socket (read once, then its events); the podium at its end; its chat, brought by the same socket.
 */
export function TournamentPage({ id }: { id: string }) {
  // A game of yours is told twice (the lobby's notice, the pairing seen): the page goes to it once,
  // not again on the way, which would cut the first navigation short.
  const goingTo = useRef<string | null>(null);
  const goToGame = useRef((game: string) => {
    if (goingTo.current === game) return;
    goingTo.current = game;
    window.location.assign(gamePage(game));
  });
  const [account] = useAccount();
  const [shown, setShown] = useState<TournamentShown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [chat, setChat] = useState<readonly TournamentChatLine[]>([]);
  const reload = useRef<() => void>(() => undefined);
  // The invitation of the link this page was opened by, kept for the tab: signing in on the way loses nothing.
  const linkInvite = useMemo(() => inviteOf(id, window.location.search, tabStorage()), [id]);
  // Read once, then kept by the lobby socket's events; read again only after a change it missed.
  useEffect(() => {
    let current = true;
    let now: TournamentShown | null = null;
    let heard = 0;
    let reading = false;
    let again = false;
    const waiting: TournamentNews[] = [];
    const show = (s: TournamentShown) => {
      now = s;
      setShown(s);
    };
    const load = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void fetchTournament(id).then((r) => {
        reading = false;
        if (!current) return;
        if (!r.ok) return setProblem(tournamentProblem(r.error, 'tournament.cannotOpen'));
        setProblem(null);
        const { shown: caught, stale } = caughtUp(r.value, waiting.splice(0), heard);
        show(caught);
        if (stale || again) {
          again = false;
          load();
        }
      });
    };
    const connection = new LobbyConnection((m) => {
      if (m.type === 'tournament-game' && m.tournament === id) return goToGame.current(m.game);
      if (m.type === 'tournament-chat' && m.tournament === id) return setChat((c) => mergeChat(c, m));
      if ((m.type !== 'tournament' && m.type !== 'tournament-following') || m.tournament !== id) return;
      heard = Math.max(heard, m.version);
      if (reading || now === null) {
        if (m.type === 'tournament' && waiting.push(m) > WAITING_EVENTS) waiting.splice(0, 1);
        return;
      }
      const next = m.type === 'tournament' ? applyNews(now, m) : now.version < m.version ? 'behind' : 'had';
      if (next === 'behind') load();
      else if (next !== 'had') show(next);
    });
    connection.follow(id);
    reload.current = load;
    load();
    return () => {
      current = false;
      connection.close();
    };
  }, [id]);
  const me = account?.kind === 'player' ? account.name : null;
  const mine = (p: TournamentPairing) => me !== null && seatedAt(p).includes(me);
  const next = shown?.pairings.find((p) => mine(p) && p.result === null && p.game !== null) ?? null;
  // A game of yours made while you watch the page: you are taken to it, as lichess takes its players.
  const seenGames = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!shown || me === null) return;
    const games = new Set(shown.pairings.filter((p) => mine(p) && p.result === null && p.game !== null).map((p) => p.game as string));
    const seen = seenGames.current;
    seenGames.current = games;
    if (seen === null) return;
    const fresh = [...games].find((g) => !seen.has(g));
    if (fresh) goToGame.current(fresh);
  }, [shown, me]);
  // An invitation-only tournament's organiser is told its code (to share its link, and to join it
  // themselves) and the players it invited by name; read again after an edit (its version).
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const asksInvite = me !== null && shown?.tournament.organiser === me && shown.tournament.conditions?.inviteOnly === true;
  const edits = shown?.tournament.state === 'created' ? shown.version : -1;
  useEffect(() => {
    if (!asksInvite) return setInvitation(null);
    let current = true;
    void fetchInvite(id).then((read) => current && setInvitation(read));
    return () => {
      current = false;
    };
  }, [id, asksInvite, edits]);
  const invite = invitation?.invite ?? null;
  // A player invited by name reads "you are invited" (asked of the server: only the organiser reads the list).
  const [invitedYou, setInvitedYou] = useState(false);
  const asksInvited = me !== null && shown?.tournament.invitesByName === true && shown.tournament.organiser !== me;
  useEffect(() => {
    if (!asksInvited) return setInvitedYou(false);
    let current = true;
    void fetchInvited(id).then((yes) => current && setInvitedYou(yes));
    return () => {
      current = false;
    };
  }, [id, asksInvited, edits]);
  // A moderator may act on any tournament: the session's answer says who is one.
  const moderator = account?.moderator === true;
  const [editing, setEditing] = useState(false);
  const countdown = useCountdown(shown?.tournament.state === 'created' ? shown.tournament.startsAt : null);
  const arenaLeft = useCountdown(
    shown?.tournament.state === 'running' && shown.tournament.kind === 'arena' ? shown.tournament.endsAt : null,
  );
  if (cancelled)
    return (
      <main class="tournament-page">
        <PageTop />
        <p role="status">{t('tournament.cancelled')}</p>
        <a href={TOURNAMENTS_PAGE}>{t('tournament.allTournaments')}</a>
      </main>
    );
  if (!shown)
    return (
      <main class="tournament-page">
        <PageTop />
        {problem ? <Problem text={problem} /> : <p role="status">{t('tournament.loading')}</p>}
        <a href={TOURNAMENTS_PAGE}>{t('tournament.allTournaments')}</a>
      </main>
    );
  const s = shown.tournament;
  const entry = me === null ? undefined : shown.entries.find((e) => e.name === me);
  const organiser = me !== null && s.organiser === me;
  const manages = organiser || moderator;
  const doing = (action: TournamentAction) => () => {
    if (action === 'cancel' && !window.confirm(t('tournament.confirmCancel', { name: s.name }))) return;
    setBusy(true);
    setRefused(null);
    if (action === 'join')
      return void joinTournament(id, linkInvite ?? invite).then((refusal) => {
        setBusy(false);
        if (refusal) return setRefused(joinRefusalText(refusal, s));
        reload.current();
      });
    void act(id, action).then((r) => {
      setBusy(false);
      if (!r.ok) return setRefused(tournamentProblem(r.error));
      if (action === 'cancel') return setCancelled(true);
      reload.current();
    });
  };
  const open = s.state !== 'finished';
  const canJoin =
    open &&
    (entry === undefined || (entry.state !== 'active' && entry.state !== 'disqualified')) &&
    !(s.kind === 'round-robin' && s.state === 'running');
  const rounds = [...new Set(shown.pairings.map((p) => p.round))].sort((a, b) => b - a);
  const podium = s.state === 'finished' ? shown.standings.rows.filter((r) => r.place <= 3).slice(0, 3) : [];
  // Before its first round the standings are its players, by rating, with nothing scored yet.
  const rows: readonly Omit<StandingRow, 'account'>[] =
    shown.standings.rows.length > 0 || s.state !== 'created'
      ? shown.standings.rows
      : shown.entries
          .filter((e) => e.state !== 'withdrawn' && e.state !== 'disqualified')
          .sort((a, b) => b.rating - a.rating)
          .map((e, i) => ({ place: i + 1, name: e.name, score: 0, tiebreaks: shown.standings.tiebreaks.map(() => 0) }));
  return (
    <main class="tournament-page" data-state={s.state}>
      <PageTop />
      <section class="tournament-head">
        <p>
          <a href={TOURNAMENTS_PAGE}>{t('tournament.allTournaments')}</a>
        </p>
        <h2>
          <Trophy class="icon" aria-hidden="true" /> {s.name}
        </h2>
        <p class="muted">{settingsLine(s)}</p>
        <p>
          {s.state !== 'finished' && `${t(`tournament.state.${s.state}`)} · `}
          {whenLine(s)} · {t('tournament.players', { count: s.players })} · {t('tournament.by', { name: s.organiser })}
        </p>
        {s.halted && s.state === 'running' && (
          <p role="status" data-testid="halted">
            {t('tournament.halted')}
          </p>
        )}
        {countdown !== null && (
          <p class="countdown" role="timer" data-testid="countdown">
            {t('tournament.startsIn', { time: countdownText(countdown) })}
          </p>
        )}
        {arenaLeft !== null && (
          <p class="countdown" role="timer">
            {t('tournament.endsIn', { time: countdownText(arenaLeft) })}
          </p>
        )}
      </section>
      <div class="tournament-actions">
        {me !== null && canJoin && (
          <button type="button" class="primary" disabled={busy} onClick={doing('join')}>
            {entry ? t('tournament.rejoin') : t('tournament.join')}
          </button>
        )}
        {entry?.state === 'active' && open && (
          <>
            <button type="button" disabled={busy} onClick={doing('pause')}>
              {t('tournament.pause')}
            </button>
            <button type="button" disabled={busy} onClick={doing('withdraw')}>
              {t('tournament.withdraw')}
            </button>
          </>
        )}
        {organiser && s.state === 'created' && (
          <>
            <button type="button" disabled={busy || editing} onClick={() => setEditing(true)}>
              {t('tournament.edit')}
            </button>
            <button type="button" disabled={busy} onClick={doing('start')}>
              {t('tournament.startNow')}
            </button>
            <button type="button" class="danger" disabled={busy} onClick={doing('cancel')}>
              {t('tournament.cancel')}
            </button>
          </>
        )}
        {manages && s.state === 'running' && (
          <button type="button" disabled={busy} onClick={doing(s.halted ? 'resume' : 'halt')}>
            {t(s.halted ? 'tournament.resume' : 'tournament.halt')}
          </button>
        )}
        {manages && s.state === 'running' && s.endsAt === null && (
          <button type="button" disabled={busy} onClick={doing('finish')}>
            {t('tournament.finishNow')}
          </button>
        )}
        {me === null && account !== undefined && open && (
          <a class="button-link" href={signInPage(`${window.location.pathname}${window.location.search}`)}>
            {t('tournament.signInToJoin')}
          </a>
        )}
      </div>
      <Problem text={refused} />
      {editing && organiser && s.state === 'created' && (
        <CreateTournament
          editing={{ tournament: s, invited: invitation?.invited ?? [], close: () => setEditing(false) }}
          made={() => {
            setEditing(false);
            reload.current();
          }}
        />
      )}
      {entry && open && (
        <p class="muted" data-testid="your-entry">
          {t(`tournament.entry.${entry.state}`)}
        </p>
      )}
      {open && (
        <WhoMayJoin
          conditions={s.conditions}
          link={organiser && invite ? inviteLink(window.location.origin, id, invite) : null}
          invited={organiser ? invitation?.invited : []}
          invitees={{ named: s.invitesByName === true, you: invitedYou }}
        />
      )}
      <DisqualifiedLine entries={shown.entries} />
      {manages && open && <Disqualify id={id} entries={shown.entries} done={() => reload.current()} />}
      {next?.game && (
        <section class="card your-next" aria-labelledby="your-next">
          <h3 id="your-next">{t('tournament.yourGame', { round: next.round })}</h3>
          <a class="button-link primary" href={gamePage(next.game)}>
            {t('tournament.playYourGame')}
          </a>
        </section>
      )}
      {podium.length > 0 && (
        <section aria-labelledby="podium">
          <h3 id="podium">{t('tournament.podium')}</h3>
          <ol class="podium">
            {podium.map((r) => (
              <li class={`place-${r.place}`}>
                <span class="medal">{r.place}</span>
                <a href={profilePage(r.name)}>{r.name}</a>
                <br />
                {t('tournament.points', { score: r.score })}
              </li>
            ))}
          </ol>
        </section>
      )}
      <div class="tournament-grid">
        <section aria-labelledby="standings">
          <h3 id="standings">{t('tournament.standings')}</h3>
          {rows.length === 0 ? (
            <p class="muted">{t('tournament.noStandings')}</p>
          ) : (
            <div class="table-scroll">
              <table class="ranking standings" aria-labelledby="standings">
                <thead>
                  <tr>
                    <th scope="col">{t('tournament.place')}</th>
                    <th scope="col">{t('tournament.player')}</th>
                    <th scope="col">{t('tournament.score')}</th>
                    {shown.standings.tiebreaks.map((k, i) => (
                      <th scope="col" class={lesser(i)}>
                        {t(`tournament.tiebreak.${k}` as 'tournament.tiebreak.buchholz')}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr class={r.name === me ? 'you' : undefined} data-player={r.name}>
                      <td>{r.place}</td>
                      <td>
                        <a href={profilePage(r.name)}>{r.name}</a>
                        {r.onFire && <span title={t('tournament.onFire')}> 🔥</span>}
                      </td>
                      <td data-testid="score">{score(r.score)}</td>
                      {r.tiebreaks.map((v, i) => (
                        <td class={lesser(i)}>{shown.standings.tiebreaks[i] === 'rating' ? formatRating(v) : score(v)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section aria-labelledby="pairings">
          <h3 id="pairings">{t('tournament.pairings')}</h3>
          {rounds.length === 0 && <p class="muted">{t('tournament.noPairings')}</p>}
          {rounds.map((round) => {
            const games = shown.pairings.filter((p) => p.round === round);
            const caption = t(s.kind === 'arena' ? 'tournament.wave' : 'tournament.round', { round });
            return (
              <div class="table-scroll" data-round={round}>
                {games.some((p) => p.others !== undefined) ? (
                  <TablesOfRound caption={caption} games={games} mine={mine} />
                ) : (
                  <table class="ranking pairings">
                    <caption>{caption}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('tournament.first')}</th>
                        <th scope="col">{t('tournament.result')}</th>
                        <th scope="col">{t('tournament.second')}</th>
                        <th scope="col">
                          <span class="visually-hidden">{t('tournament.gameLink')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {games.map((p) => (
                        <tr class={mine(p) ? 'you' : undefined}>
                          <td>{p.white}</td>
                          <td class="result">{resultText(p)}</td>
                          <td>{p.black ?? '—'}</td>
                          <td>{p.game && <a href={gamePage(p.game)}>{t('tournament.gameLink')}</a>}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            );
          })}
        </section>
      </div>
      <TournamentChat
        id={id}
        lines={chat}
        canSpeak={me !== null}
        moderates={moderator}
        signIn={me === null && account !== undefined ? signInPage(`${window.location.pathname}${window.location.search}`) : null}
      />
    </main>
  );
}
