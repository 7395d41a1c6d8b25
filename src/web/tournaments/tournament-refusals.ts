import { type MessageKey, t } from '../i18n/index.ts';
import { refusalTable } from '../i18n/why.ts';
import { refusalOf } from '../refusal-of.ts';
import type { JoinRefusal } from './api.ts';

/**
 * The refusals the tournament pages say, by the server's codes (src/server/tournaments: `tournaments.*`).
 * Those only a bot or an API client meets (a bot's token, the TRF export, a field of the body the
 * form checks before it sends) keep the server's English.
 */
export const TOURNAMENT_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'tournaments.logIn': 'tournament.refusal.logIn',
  'tournaments.logInToPlay': 'tournament.refusal.logInToPlay',
  'tournaments.tooFast': 'tournament.refusal.tooFast',
  'tournaments.noSuch': 'tournament.refusal.noSuch',
  'tournaments.organiserOnly': 'tournament.refusal.organiserOnly',
  'tournaments.startedAlready': 'tournament.refusal.startedAlready',
  'tournaments.startedCancel': 'tournament.refusal.startedCancel',
  'tournaments.startedEdit': 'tournament.refusal.startedEdit',
  'tournaments.notRunning': 'tournament.refusal.notRunning',
  'tournaments.pausedAlready': 'tournament.refusal.pausedAlready',
  'tournaments.goingOnAlready': 'tournament.refusal.goingOnAlready',
  'tournaments.over': 'tournament.refusal.over',
  'tournaments.notPlaying': 'tournament.refusal.notPlaying',
  'tournaments.disqualifiedAlready': 'tournament.refusal.disqualifiedAlready',
  'tournaments.noLateEntries': 'tournament.refusal.noLateEntries',
  'tournaments.notEntered': 'tournament.refusal.notEntered',
  'tournaments.tooManyUnfinished': 'tournament.refusal.tooManyUnfinished',
  'tournaments.noInvitedPlayer': 'tournament.refusal.noInvitedPlayer',
};

/** A tournament's refusal in the catalog's words by its code; null for one with no code these pages know. */
export const tournamentRefusal: (error: Error) => string | null = refusalTable(TOURNAMENT_REFUSALS);

/**
 * What went wrong, in the player's language: the refusal's code in the catalog's words, or the
 * server's own (no code, or one these pages do not know) in the page's sentence for what it asked
 * (`failed`: "That was refused: …" by default).
 */
export const tournamentProblem = (error: Error, failed: MessageKey = 'tournament.refusedAction'): string =>
  tournamentRefusal(error) ?? t(failed, { problem: error.message });

/** A join's (or a chat line's) refusal as the error the table reads: its words, code and values. */
export const refusalError = (refusal: JoinRefusal): Error => refusalOf(refusal) ?? new Error(refusal.error);
