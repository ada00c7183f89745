// The JSON the server's API sends the pages, as it builds it (types only: no page loads this
// file; tsc checks the pages against it, tsconfig.json). The game's events and the table's
// model are in types.d.ts. Each interface names the code that builds its JSON.

/** A wind as the calculator and the scorekeeper spell it. */
export type WindLetter = 'E' | 'S' | 'W' | 'N';

// ---- The hand calculator (POST /api/calc/info, POST /api/calc; jantaku.scoring.calc) ----

/** What a tile picker needs of a rule set (Calculator.info). */
export interface CalcInfo {
  rules: string;
  players: number;
  /** Tile name (MPSZ, e.g. "5m", "0p" for a red five) → copies in the set. */
  tiles: Record<string, number>;
  extractable: string[];
  wildcards: number;
  riichi: string[];
  wareme: boolean;
  shuba_stick: number; // the シュバ stick's points (0: none)
  double_ron: boolean;
  draw_kinds: string[];
  chips: boolean;
  chip_items: string[];
  dice_chances: boolean;
  fixed_fu: boolean;
  terminal_bonus: number; // points a terminal manzu adds (0: none)
  chombo_deal_ins: boolean;
}

/** A yaku of a score result, with its names (json_io.result_to_json, calc.with_names). */
export interface CalcYaku {
  id: string;
  han: number;
  yakuman?: number; // present only for a yakuman
  ja: string;
  en: string;
}

/** A scored hand (json_io.result_to_json with calc.with_names): payments and chips by the
 * payer's wind letter. */
export interface CalcScore {
  yaku: CalcYaku[];
  han: number;
  fu: number;
  limit: string | null;
  yakuman: number;
  payments: Record<string, number>;
  sticks: number;
  chips: Record<string, number>;
  dice_chances: number;
  wildcard: string | null;
}

/** A complete hand's answer of POST /api/calc. */
export interface CalcWin extends CalcScore {
  kind: 'win';
}

/** A way of winning on a wait that is no win (no yaku, …): the calculator's reason. */
export interface CalcNoWin {
  error: string;
}

/** One wait of a short hand, valued by ron and by tsumo. */
export interface CalcWaitValue {
  tile: string;
  ron: CalcScore | CalcNoWin;
  tsumo: CalcScore | CalcNoWin;
}

/** A hand one tile short: its shanten, waits and the value of each (Calculator.evaluate). */
export interface CalcWaits {
  kind: 'waits';
  shanten: number;
  waits: string[];
  infinite: boolean;
  values: CalcWaitValue[];
}

/** The answer of POST /api/calc. */
export type CalcAnswer = CalcWin | CalcWaits;

/** A situation as the calculator takes it (json_io.situation_from_json): the hand, melds and
 * flags the page sets, and where the hand is won. The page builds it; the server checks it. */
export interface CalcSituation {
  hand: string;
  melds: { type: string; tiles: string }[];
  riichi: string;
  win_tile?: string;
  extracted?: string;
  dora_indicators?: string;
  ura_indicators?: string;
  [field: string]: unknown;
}

/** Where a hand is won, as a session's scorekeeper gives it to the calculator. */
export interface CalcWhere {
  win: string;
  seat: string;
  round: string;
  honba: number;
  discarder?: string;
  options?: Record<string, unknown>;
  [field: string]: unknown;
}

// ---- The scorekeeper (点数記録: /ws/score/{id}, /api/sessions/...; jantaku.server.sessions,
// session_replay, session_games; the ledger's events: jantaku.scoring.ledger_rules) ----

/** Chip items counted on a win or a chip entry: item → count. */
export type ChipCounts = Record<string, number>;

/** A win as the ledger takes it (ledger_rules.EVENT_KEYS["win"]), people by number. */
export interface WinEvent {
  type: 'win';
  winner: number;
  from?: number | null;
  han?: number;
  fu?: number;
  yakuman?: number;
  situation?: CalcSituation | null;
  riichi?: number[];
  shuba?: number[];
  double?: boolean;
  wareme?: number | null;
  spring?: unknown;
  chips?: ChipCounts;
  dice?: number[][];
  open_riichi?: number[];
  terminals?: number;
}

/** A draw (ledger_rules.EVENT_KEYS["draw"]). */
export interface DrawEvent {
  type: 'draw';
  kind?: string;
  tenpai?: number[];
  riichi?: number[];
  shuba?: number[];
  winners?: number[];
  spring?: unknown;
}

/** A gotou chombo's deal-in to a tenpai player (ledger_rules.DEAL_IN_KEYS). */
export interface DealIn {
  winner: number;
  situation?: CalcSituation;
  han?: number;
  fu?: number;
  yakuman?: number;
  chips?: ChipCounts;
  riichi?: number[];
  shuba?: number[];
}

/** A chombo (ledger_rules.EVENT_KEYS["chombo"]). */
export interface ChomboEvent {
  type: 'chombo';
  player: number;
  deal_ins?: DealIn[];
  continue?: boolean;
}

/** A penalty (ledger_rules.EVENT_KEYS["penalty"]). */
export interface PenaltyEvent {
  type: 'penalty';
  player: number;
  kind: string;
}

/** Chips given outside a win (ledger_rules.EVENT_KEYS["chips"]). */
export interface ChipsEvent {
  type: 'chips';
  to: number;
  items?: ChipCounts;
  dice?: number[][];
  double?: boolean;
}

/** An event of a scorekeeper's hand. */
export type HandEvent = WinEvent | DrawEvent | ChomboEvent | PenaltyEvent | ChipsEvent;

/** A hand as the page sends it (add, edit, preview). */
export interface HandEntry {
  events: HandEvent[];
}

/** Which hand a row is (session_replay.Replayer.step's label). */
export interface HandLabel {
  round: string;
  hand: number;
  honba: number;
  dealer: number;
}

/** A recorded hand of the session's state (`hands`; session_replay.Replayer.step). */
export interface HandRow {
  index: number;
  game: number;
  label: HandLabel;
  seats: (string | null)[];
  events: HandEvent[];
  scored: CalcScore[];
  payments: number[];
  chip_changes: number[];
  dice_chances: number;
  scores: number[];
  chips: number[];
}

/** A game's start (session_games.game_start). */
export interface GameStart {
  scores: number[];
  chips: number[];
  dealer: number;
  first_dealer: number;
}

/** The counts of the standings, per person (session_replay._STATS). */
export type StatKey =
  | 'wins' | 'deal_ins' | 'riichi' | 'chombo' | 'tsumo' | 'hands_played' | 'win_points'
  | 'games_played' | 'rank_sum' | 'tops';

/** The session's standings (the state's `standings`). */
export type Standings = Record<StatKey, number[]> & {
  result: number[];
  rank: number[];
  chips: number[];
  yakitori: number[] | null;
  money?: number[]; // with rates: the running total after the last finished game
};

/** A refusal as the score socket and the preview say it (SessionError.as_json). */
export interface SessionRefusal {
  error: string;
  status: number;
  code?: string;
  params?: Record<string, unknown>;
}

/** A hand an edit would move to another game (sessions.preview's `moved`). */
export interface MovedHand {
  index: number;
  from: number;
  to: number;
  label: HandLabel;
}

/** The smallest win that lifts a person a place (jantaku.scoring.conditions). */
export interface ConditionWin {
  from: number | null;
  han: number;
  fu: number;
  yakuman: number;
  points: number;
  place: number;
}

/** What a person needs to move up (null: the top, or sitting out). */
export interface Condition {
  place: number;
  ron: (ConditionWin | null)[];
  tsumo: ConditionWin | null;
}

/** GET /api/sessions/{id}/conditions. */
export interface ConditionsAnswer {
  rev: number;
  conditions: (Condition | null)[];
}

/** GET /api/sessions/{id}/group: the standings' counts summed per name over the group. */
export interface GroupStats {
  sessions: number;
  players: Record<string, Record<StatKey | 'result', number>>;
}

/** The score socket's acknowledgement of a change (score_routes). */
export interface ScoreAck {
  type: 'ack';
  rev: number;
  req?: unknown;
  cid: string;
  duplicate?: boolean | null;
}

/** The score socket's refusal of a message, to its sender only (score_routes). */
export interface ScoreErrorMessage extends SessionRefusal {
  type: 'error';
  req?: unknown;
  cid?: string | null;
}

/** A change of the session's settings the page queues (score_routes' "settings" message). */
export interface SettingsChange {
  names?: string[];
  ended?: boolean;
  seating?: number[];
  first_dealer?: number;
}

/** POST /api/sessions/{id}/preview: a refusal, or the hand as it would stand (sessions.preview).
 * `table` and `games` are the state's (score-state.js's TableNow and GameNow). */
export interface PreviewAnswer<Table = unknown, Game = unknown> {
  type: 'preview';
  refused?: SessionRefusal;
  hand?: HandRow | null;
  table?: Table;
  games?: Game[];
  moved?: MovedHand[];
}

// ---- The tables (GET /api/tables; jantaku.server.table_records.listing) ----

/** A table as GET /api/tables lists it. */
export interface TableListing {
  id: number;
  preset: string;
  options: Record<string, unknown>;
  seats: string[]; // "human" | "bot:…"
  status: string; // "playing" | "finished" | "broken" | …
  created: number;
  finished: number | null;
  closed?: string;
  seed?: number; // once it is over
}

/** GET /api/presets/{name} (app.py _preset_detail). */
export interface PresetDetail {
  name: string;
  title: string;
  title_ja: string;
  players: number;
  knobs: import('./types').Knob[];
  to_agree: string[];
  /** Tile id → the preset's name of it. */
  tiles: Record<string, string>;
}

// ---- A seat's socket at a table (/ws/{id}; jantaku.server.live_table) ----

/** An action the seat may take (live_table.action_json). */
export interface LegalAction {
  type: string;
  tile: number | null;
  tiles?: number[];
}

/** The seat's whole view so far (live_table.view_message). */
export interface TableViewMessage {
  type: 'view';
  table: number;
  seat: number;
  preset: string;
  options: Record<string, unknown>;
  seats: string[];
  events: import('./types').GameEvent[];
  tiles_left: number;
  connected: boolean[];
  lines: import('./types').ResultLines;
  action_types: { buttons: string[]; riichi: string[] };
}

/** The seat's view of new events (live_table.publish). */
export interface TableEventsMessage {
  type: 'events';
  events: import('./types').GameEvent[];
  tiles_left: number;
  lines?: import('./types').ResultLines; // a piece that ends a hand or the game
}

/** Which seats have a person's page open (live_table.tell_presence). */
export interface TablePresenceMessage {
  type: 'presence';
  connected: boolean[];
}

/** What the seat may do now, as of its `at` events (live_table.legal_message). */
export interface TableLegalMessage {
  type: 'legal';
  at: number;
  actions: LegalAction[];
}

/** A refusal of the seat's message, to that client only. */
export interface TableErrorMessage {
  type: 'error';
  error: string;
  code?: string;
  params?: Record<string, unknown>;
}

/** Every message a seat's page gets (net.js keeps "restarting" to itself). */
export type TableMessage =
  | TableViewMessage | TableEventsMessage | TablePresenceMessage | TableLegalMessage
  | TableErrorMessage;

/** POST /api/tables (app.py NewTableReply): the table and each seat's token by seat number. */
export interface NewTableReply {
  id: number;
  tokens: Record<string, string>;
}

/** POST /api/rulesets/import: a TOML rule set as the preset and its knob options by section. */
export interface RulesetImportReply {
  preset: string;
  options: Record<string, Record<string, unknown>>;
}

/** POST /api/sessions (score_routes): the session and its editor token (shown this once). */
export interface NewSessionReply {
  id: string;
  editor: string;
}

// ---- The lab (/api/lab; jantaku.server.lab) ----

/** A lab run as GET /api/lab lists it (LabRuns.status without findings and warnings). */
export interface LabRun {
  id: string;
  rules: string;
  vary: string[];
  games: number;
  seed: number;
  bots: string;
  created: number;
  total: number;
  done: number;
  status: 'running' | 'done' | 'failed';
  error?: string; // a failed run's
}

/** GET /api/lab/{id}: the run, with a finished one's significant differences. */
export interface LabStatus extends LabRun {
  findings?: { en: string; ja: string }[];
  warnings?: Record<string, string>[];
}
