import { parseServerMessage as parse, type ServerMessage } from '@hexarena/engines/protocol/index.ts';

/**
 * What the server sends an online client: the protocol's own types and parse (protocols/wire),
 * as the page reads them.
 */
export type {
  Answer,
  ClockInfo,
  ClockReading,
  Ending,
  GameEvent,
  PublicGame,
  Refusal,
  SeatInfo,
  ServerMessage,
} from '@hexarena/engines/protocol/index.ts';
export { publicGame as readPublicGame } from '@hexarena/engines/protocol/index.ts';

/** A message from the server, or null when it is not one this client knows (it is then ignored). */
export function parseServerMessage(text: string): ServerMessage | null {
  const parsed = parse(text);
  return parsed.ok ? parsed.value : null;
}
