/** Outside programs this process started (their pipes would keep it alive), stopped when a command ends. */
const opened = new Set<{ close(): void }>();

export function remember(engine: { close(): void }): void {
  opened.add(engine);
}

export function closeOutsideAgents(): void {
  for (const engine of opened) engine.close();
  opened.clear();
}
