/** The opening explorer for a board (docs/explorer.md): the component, and its pure parts. */

export { type Explored, emptyMessage, explore, explorerPath, explorerRows, percentages, readExplorer } from './model.ts';
export { OpeningExplorer, type OpeningExplorerProps } from './opening-explorer.tsx';
