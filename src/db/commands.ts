/**
 * The one door (issue 29): every way the app changes local data, by area. A newcomer reads this file to see
 * everything a screen, the tour, meteo, decisions, the support panel or the replication can change on the device;
 * lint (`local/no-direct-db-write` in eslint.config.js) refuses an RxDB write anywhere outside src/db except
 * the pull writers named at the end. A new write is a named command in a small file of src/db, listed here.
 *
 * The commands that move a lifecycle are compare-and-sets: they read the newest stored revision, ask the pure
 * lifecycle of src/domain whether the move is allowed, and leave the document as it is when it is not.
 */
import {
  createInstance,
  deleteInstanceDoc,
  openOrCreateInstance,
  queueInstance,
  recordEdit,
  reopenInstance,
  withEdit,
  writeInstanceDraft,
} from './instance-commands';
import {
  appendAttemptLog,
  failBeforeSend,
  finishSend,
  recordAttempt,
  recordPhotoStored,
  recordValuesStored,
  resumeInstance,
  startSend,
  stopSend,
  waitForLogin,
} from './send-commands';
import { removeDraft, writeDraft } from './draft-store';
import { moveInstanceToDate } from './instance-date';
import { moveLegacyDrafts } from './legacy-drafts';
import {
  recordDecisionFailure,
  recordDecisionSent,
  recoverDecisions,
  refuseEmptyDecision,
  requeueDecision,
  resumeWaitingDecisions,
  startDecisionTry,
  storeDecidedRound,
  submitDecision,
  typeDecisionInput,
  typeDecisionTeam,
  waitForDecider,
} from './decision-commands';
import { recordMapTiles, storeTour } from './tour-commands';
import { deleteUnsentInstance } from './delete-commands';
import { resetDeviceSettings, saveDeviceSettings } from './settings-commands';
import { wipeLocalData } from './device-commands';
import { addTask, removeTaskChange, toggleTask } from './task-commands';
import { createFacility, saveFacilityChange, undoFacilityChange } from './facility-commands';
import { addPhoto, deletePhoto } from './photo-commands';
import { removeStationCopy } from './station-copy-commands';
import { replayKeystrokes, writeTypedDraft } from './keystroke-commands';

/** A command and what it changes, in one line. */
interface Command {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- a registry of functions of any shape
  run: Function;
  changes: string;
}

/**
 * The registry. Read it; nothing dispatches through it (the callers import each command from its file, so a
 * command's types stay its own). `test/unit/commands-registry.test.ts` checks that every command exported by a
 * command file of src/db is listed here.
 * @public
 */
export const COMMANDS = {
  'round instances (src/domain/round-lifecycle.ts; src/db/instance-commands.ts)': {
    createInstance: { run: createInstance, changes: 'a new round instance (draft) for a round and date' },
    openOrCreateInstance: { run: openOrCreateInstance, changes: "the day's open instance of a round, created once" },
    recordEdit: { run: recordEdit, changes: 'a user edit: bumps editRev, makes a sent round a correction' },
    withEdit: { run: withEdit, changes: 'records the edit of a round, then runs the write of a part it carries' },
    writeInstanceDraft: { run: writeInstanceDraft, changes: "one entry's typed text, recorded as an edit" },
    queueInstance: { run: queueInstance, changes: '"submit": hands the round to the submit queue' },
    reopenInstance: { run: reopenInstance, changes: '"Edit again": takes a round back from the queue' },
    startSend: { run: startSend, changes: 'the queue starts a send at the current editRev' },
    recordAttempt: { run: recordAttempt, changes: "the queue's try number" },
    recordValuesStored: { run: recordValuesStored, changes: 'the server holds the values (photos may follow)' },
    recordPhotoStored: { run: recordPhotoStored, changes: 'one photo reached the server' },
    finishSend: { run: finishSend, changes: 'values and every photo on the server: sent' },
    stopSend: { run: stopSend, changes: 'a send failed or went offline, with its reason code' },
    failBeforeSend: { run: failBeforeSend, changes: 'a send that could not start (round missing, not buildable)' },
    waitForLogin: { run: waitForLogin, changes: 'a 401 or another owner: waits for a login' },
    resumeInstance: { run: resumeInstance, changes: 'a waiting round goes back to the queue' },
    appendAttemptLog: { run: appendAttemptLog, changes: "a line of the send's attempt log (support)" },
    deleteInstanceDoc: { run: deleteInstanceDoc, changes: 'the instance document, when the lifecycle allows' },
    moveInstanceToDate: {
      run: moveInstanceToDate,
      changes: '§5 overwrite the date: the instance moves to another day, recorded as an edit',
    },
  },
  'typed entries (src/db/draft-store.ts)': {
    writeDraft: { run: writeDraft, changes: "one entry's draft, keystroke by keystroke, in order" },
    removeDraft: { run: removeDraft, changes: "a station copy's draft the user deleted" },
    moveLegacyDrafts: { run: moveLegacyDrafts, changes: 'at start: drafts of an older version into their collection' },
    writeTypedDraft: {
      run: writeTypedDraft,
      changes: "a screen's keystroke: noted in localStorage at once, then written (opening the round on its first key)",
    },
    replayKeystrokes: {
      run: replayKeystrokes,
      changes: 'at start: keystrokes a closed tab noted (keystroke-journal.ts) but never wrote, written now',
    },
  },
  'what a submission carries beside the values, each recorded as an edit of its round first': {
    toggleTask: { run: toggleTask, changes: 'a station task ticked done or open again (src/db/task-commands.ts)' },
    addTask: { run: addTask, changes: 'a new station task typed on the device' },
    removeTaskChange: {
      run: removeTaskChange,
      changes: "a task change of this round taken back (never an earlier round's)",
    },
    saveFacilityChange: {
      run: saveFacilityChange,
      changes: "a facility's changed attributes or action (src/db/facility-commands.ts)",
    },
    createFacility: { run: createFacility, changes: 'a new facility at a station' },
    undoFacilityChange: { run: undoFacilityChange, changes: 'a facility change of this round taken back' },
    addPhoto: { run: addPhoto, changes: 'a photo with its resized image (src/db/photo-commands.ts)' },
    deletePhoto: { run: deletePhoto, changes: 'a photo not yet on the server (one the server holds is refused)' },
    removeStationCopy: {
      run: removeStationCopy,
      changes: "a station copy's drafts the user deleted (src/db/station-copy-commands.ts)",
    },
  },
  'decisions (src/domain/decision-lifecycle.ts; src/db/decision-commands.ts)': {
    typeDecisionInput: { run: typeDecisionInput, changes: "a decision's value or remark as typed" },
    typeDecisionTeam: { run: typeDecisionTeam, changes: 'the deciding team as typed' },
    submitDecision: { run: submitDecision, changes: '"record assessment": the checked body to the queue' },
    requeueDecision: { run: requeueDecision, changes: '"send again" after a failure' },
    recoverDecisions: { run: recoverDecisions, changes: 'at start: decisions a closed tab left mid-send, queued' },
    resumeWaitingDecisions: { run: resumeWaitingDecisions, changes: 'after a login: waiting decisions, queued' },
    waitForDecider: { run: waitForDecider, changes: 'its decider is not logged in: waits for their login' },
    refuseEmptyDecision: { run: refuseEmptyDecision, changes: 'a queued decision without a body: error' },
    startDecisionTry: { run: startDecisionTry, changes: "the queue's first or second try" },
    recordDecisionSent: { run: recordDecisionSent, changes: 'the server recorded the decision' },
    recordDecisionFailure: { run: recordDecisionFailure, changes: 'a failed try, with its reason code' },
    storeDecidedRound: { run: storeDecidedRound, changes: 'the decided round, into the archive at once' },
  },
  'outdoor tours (src/db/tour-commands.ts)': {
    storeTour: { run: storeTour, changes: '"take offline": the round snapshot, its summary and its outdoor instance' },
    recordMapTiles: { run: recordMapTiles, changes: "what of a tour's map tiles is in Cache Storage" },
  },
  'deletion (src/db/delete-commands.ts)': {
    deleteUnsentInstance: {
      run: deleteUnsentInstance,
      changes: 'an unsent round with its photos, tasks, facilities, drafts, snapshot and tile record',
    },
  },
  'device settings (src/db/settings-commands.ts)': {
    saveDeviceSettings: { run: saveDeviceSettings, changes: "this device's mode, default time, print setting" },
    resetDeviceSettings: { run: resetDeviceSettings, changes: "forgets them: the server's config applies" },
  },
  'support (src/db/device-commands.ts)': {
    wipeLocalData: {
      run: wipeLocalData,
      changes: '"start afresh": every local document (refused by the screen while unsent)',
    },
  },
} satisfies Record<string, Record<string, Command>>;

/**
 * Writers outside src/db, allowed by lint (eslint.config.js PULL_WRITERS): they store the server's copy of pulled
 * data, never anything a user entered, and a pull replaces it wholesale. Everything user-entered that the
 * replication changes (instances, photos' upload marks, decisions) goes through the commands above.
 * @public
 */
export const PULL_WRITERS = {
  'replication/pull.ts': 'round definitions (rounds), and a round no unsent instance needs any more',
  'replication/unchanged.ts': 'reference documents (config, server info, lists, maps), only when they differ',
  'replication/pull-lists.ts': 'the archive of completed rounds (completedRounds)',
  'replication/pull-history.ts': 'history per timeseries (historicValues) and its marks',
  'replication/sync-state.ts': "the last pull's outcome (syncStatus)",
  'replication/user-data.ts': "the data owner, and the wipe of another user's pulled data (never unsent work)",
} as const;
