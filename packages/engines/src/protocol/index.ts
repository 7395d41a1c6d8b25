/** The online protocol, both ways: its messages and one parse a direction (docs/protocol.md). */

export * from './explorer.ts';
export * from './games-db.ts';
export * from './lobby.ts';
export * from './manners.ts';
export * from './messages.ts';
export * from './moderation.ts';
export * from './parse.ts';
export * from './puzzles.ts';
export * from './requests.ts';
export * from './review.ts';
export * from './standings.ts';
