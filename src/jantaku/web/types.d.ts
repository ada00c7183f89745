// The types of the pages checked by TypeScript's tsc (`make lint`, tsconfig.json): the game's
// events as the pages receive them (docs/events.md), the model board.js folds them into, and
// the server's refusals. Types only: no page loads this file. A seat's view leaves out what
// it may not see (others' draws have `pai: "?"` and no `tile`; `start_kyoku` has `tehai`
// instead of `wall`).

/** A physical tile id: kind * 4 + copy; flowers 136–139 (jantaku.tiles). */
export type TileId = number;
/** A person at the table, 0..people-1, numbered from the first dealer. */
export type Seat = number;
export type Wind = 'E' | 'S' | 'W' | 'N';

export interface Wall {
  hands: TileId[][];
  live: TileId[];
  rinshan: TileId[];
  dora: TileId[];
  ura: TileId[];
  rest?: TileId[];
}

export interface StartGame {
  type: 'start_game';
  preset: string;
  seed?: number; // the full log only
  players: number;
  people?: number;
}

export interface StartKyoku {
  type: 'start_kyoku';
  bakaze: Wind;
  kyoku: number;
  honba: number;
  kyotaku: number;
  oya: Seat;
  scores: number[];
  dora_marker: string;
  dora_tile?: TileId;
  dora_tiles?: TileId[];
  wall?: Wall; // the full log
  tehai?: TileId[]; // a seat's view: its own dealt hand
  sitting_out?: Seat | null;
  wareme?: Seat | null;
  dice?: [number, number] | null;
  stacked?: boolean;
}

export interface Tsumo {
  type: 'tsumo';
  actor: Seat;
  tile?: TileId; // absent in another seat's view
  pai: string;
  rinshan: boolean;
  chip_deltas?: number[];
}

export interface Dahai {
  type: 'dahai';
  actor: Seat;
  tile: TileId;
  pai: string;
  tsumogiri: boolean;
  tedumari?: boolean;
}

export interface Reach {
  type: 'reach';
  actor: Seat;
  open?: boolean;
  shuba?: boolean;
}

export interface ReachAccepted {
  type: 'reach_accepted';
  actor: Seat;
  shown?: TileId[];
  shown_waits?: string;
  deltas?: number[]; // the stick's cost (absent in logs written before it was carried)
  scores?: number[];
}

export interface Call {
  type: 'chi' | 'pon' | 'daiminkan';
  actor: Seat;
  target: Seat;
  tile: TileId;
  tiles: TileId[];
  pai: string;
}

export interface Ankan {
  type: 'ankan';
  actor: Seat;
  tiles: TileId[];
}

export interface Kakan {
  type: 'kakan';
  actor: Seat;
  tile: TileId;
  pai: string;
}

export interface KakanDone {
  type: 'kakan_done';
  actor: Seat;
}

export interface Dora {
  type: 'dora';
  tile: TileId;
  dora_marker: string;
  live?: boolean; // gotou: the indicator stack came from the live wall's end
}

export interface Nukidora {
  type: 'nukidora';
  actor: Seat;
  tile: TileId;
  pai: string;
  chip_deltas?: number[];
}

export interface Pass {
  type: 'pass';
  actor: Seat;
  missed_ron: boolean;
}

export interface Declare {
  type: 'declare';
  actor: Seat;
  call: 'ron' | 'chi' | 'pon' | 'daiminkan';
  tile: TileId;
  tiles: TileId[];
  pai: string;
}

export interface Yaku {
  id: string;
  han: number;
  yakuman: number | boolean;
  en: string;
  ja: string;
}

export interface ChipItem {
  item: string;
  chips: number;
  from_all: boolean;
}

export interface Hora {
  type: 'hora';
  actor: Seat;
  target: Seat;
  tile?: TileId;
  pai?: string;
  chankan?: boolean;
  first?: boolean;
  last?: boolean;
  mu?: boolean;
  dice?: [number, number][];
  hora_tehais?: TileId[];
  uradora_markers?: string[];
  yakus?: Yaku[];
  fan?: number;
  fu?: number;
  limit?: string | null;
  hora_points?: number;
  wildcard?: string | null; // the tile the wildcard stood for (MPSZ)
  deltas?: number[];
  scores?: number[];
  chip_items?: ChipItem[];
  chip_deltas?: number[];
  alice?: TileId[]; // gotou アリス: the tiles turned over
}

export interface Ryukyoku {
  type: 'ryukyoku';
  reason: string;
  actor?: Seat;
  tenpai?: Seat[];
  nagashi?: Seat[];
  nagashi_dice?: unknown;
  tehais?: (TileId[] | null)[];
  deltas?: number[];
  scores?: number[];
  chip_deltas?: number[];
}

export interface EndKyoku {
  type: 'end_kyoku';
  scores: number[];
}

export interface EndGame {
  type: 'end_game';
  scores: number[];
  chips?: number[];
  settlement?: number[];
  leftover_sticks?: unknown;
}

/** Every event a page may fold. */
export type GameEvent =
  | StartGame | StartKyoku | Tsumo | Dahai | Reach | ReachAccepted | Call | Ankan | Kakan
  | KakanDone | Dora | Nukidora | Pass | Declare | Hora | Ryukyoku | EndKyoku | EndGame;

/** A line of a log file (`jantaku simulate --out` marks each event with its game's index). */
export type LoggedEvent = GameEvent & { game?: number };

/** A preset as GET /api/presets/{name} describes it (the knobs the pages read). */
export interface Preset {
  name?: string;
  title?: string;
  title_ja?: string;
  players?: number;
  knobs?: { key: string; value: unknown }[];
  to_agree?: string[];
  /** Tile id → the preset's name of it (app.py _preset_detail). */
  tiles?: Record<string, string>;
}

/** A preset as GET /api/presets lists it. */
export interface PresetTitle {
  name: string;
  title: string;
  title_ja: string;
}

/** A knob of a preset as GET /api/presets/{name} describes it (jantaku.rules.model.KnobInfo). */
export interface Knob {
  key: string;
  value: unknown; // a JSON value of the knob's kind
  default: unknown;
  description: string;
  kind: 'bool' | 'int' | 'float' | 'str' | 'choice' | 'json';
  choices: string[];
  note: string;
}

/** One line of what a hand paid (GET /api/tables/{id}/lines). */
export interface ResultLine {
  kind: string;
  item: string;
  deltas: number[];
  win?: number; // a double ron's: the index of the win that pays it
  [field: string]: unknown;
}

/** A line of the settlement, in the preset's unit. */
export interface SettlementLine {
  item: string;
  values: number[];
}

/** The server's result lines: each ended hand's, and the settlement's. */
export interface ResultLines {
  hands?: ResultLine[][];
  settlement?: SettlementLine[];
}

/** A discard in a river, as board.js draws it. */
export interface RiverTile {
  tile: TileId;
  riichi: boolean;
  tsumogiri: boolean;
  called: boolean;
}

/** A called meld (or an 暗槓, or a 加槓 with `added`). */
export interface Meld {
  type: 'chi' | 'pon' | 'daiminkan' | 'ankan' | 'kakan';
  tiles: TileId[];
  tile?: TileId;
  target?: Seat;
  added?: TileId;
}

/** A hand's result as the result dialog shows it (board.js handResult). */
export interface HandResult {
  horas: Hora[];
  ryukyoku: Ryukyoku | null;
  start: number[];
  after: number[];
  kyoku: { bakaze: Wind; kyoku: number; honba: number };
  index: number;
}

/** The model of a table board.js folds from the events (newModel, fold). */
export interface Model {
  seat: Seat;
  you: Seat | null;
  seats: string[];
  n: number;
  preset: Preset | null;
  serverWall: boolean;
  hands: (TileId[] | null)[];
  draws: (TileId | null)[];
  counts: number[];
  rivers: RiverTile[][];
  melds: Meld[][];
  nuki: TileId[][];
  riichi: (false | 'riichi' | 'shuba')[];
  pendingReach: boolean[];
  dora: (TileId | string)[];
  scores: number[];
  startScores: number[];
  chips: number[];
  honba: number;
  kyotaku: number;
  oya: Seat;
  sittingOut: Seat | null;
  handSize: number;
  bakaze: Wind;
  kyoku: number;
  turn: Seat | null;
  last: { actor: Seat; index: number } | null;
  horas: Hora[];
  ryukyoku: Ryukyoku | null;
  result: HandResult | null;
  end: EndGame | null;
  wallLeft: number | null;
  rinshanLeft: number | null;
  dice: number[] | null;
  wareme: Seat | null;
  shownWaits: (string | null)[];
  missedRon: (null | 'riichi' | 'turn')[];
  lines: ResultLines | null;
  handsEnded: number;
  results: HandResult[];
  /** The table page's: whether each seat's person is connected (null: not said). */
  connected?: boolean[] | null;
}

/** A refusal of the server as the pages' API calls throw it: its HTTP status, and the
 * catalogue code and parameters that say it in the reader's language (errors.<code>). */
export interface ApiError extends Error {
  status?: number;
  code?: string;
  params?: Record<string, unknown>;
}
