import type { ColumnType } from 'kysely';

/** A column with a default: optional when a row is inserted. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
