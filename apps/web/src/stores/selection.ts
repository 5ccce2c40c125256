import { ALL_STAGES_LABEL, ALL_SUBJECTS_LABEL, type DictEntry, dictEntry, z } from '@zyk/shared';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../lib/session-storage.ts';

/**
 * The stage/subject filter of the whole site: the header picker, the home page and, later, the
 * resource lists and login all read and change it. Kept for the browser tab in sessionStorage.
 */
export const ALL_STAGES: DictEntry = { id: null, dictName: ALL_STAGES_LABEL };
export const ALL_SUBJECTS: DictEntry = { id: null, dictName: ALL_SUBJECTS_LABEL };

/** Session flag named by the spec: absent means this is the first visit in this browser session. */
export const FIRST_VISIT_KEY = 'hasVisited';
export const SELECTION_KEY = 'zyk.selection';

export interface SelectionState {
  stage: DictEntry;
  subject: DictEntry;
  /** Whether the stage/subject picker dialog is open. */
  pickerOpen: boolean;
  /**
   * Whether the choice is offered beside the page instead: a first visit that began on a page other than the home
   * page (a shared link) sees that page, not a dialog over it.
   */
  pickerOffered: boolean;
}

const saved = z.object({ stage: dictEntry, subject: dictEntry });

const persist = ({ stage, subject }: SelectionState) =>
  sessionStore.set(SELECTION_KEY, JSON.stringify({ stage, subject }));

/** The home page's addresses: `/` and `/home` lead to `/home/index`. */
const HOME_PATHS = new Set(['/', '/home', '/home/', '/home/index']);
const landedOnHome = () => typeof window === 'undefined' || HOME_PATHS.has(window.location.pathname);

const initialState = (): SelectionState => {
  if (sessionStore.get(FIRST_VISIT_KEY) === null) {
    // First visit in this session: everything, and the picker asks the teacher to narrow it down: as a dialog on the
    // home page, beside the page anywhere else.
    sessionStore.set(FIRST_VISIT_KEY, '1');
    const home = landedOnHome();
    const state = { stage: ALL_STAGES, subject: ALL_SUBJECTS, pickerOpen: home, pickerOffered: !home };
    persist(state);
    return state;
  }
  const restored = sessionStore.getJson(SELECTION_KEY, (value) => saved.safeParse(value).data ?? null);
  return {
    stage: restored?.stage ?? ALL_STAGES,
    subject: restored?.subject ?? ALL_SUBJECTS,
    pickerOpen: false,
    pickerOffered: false,
  };
};

let state: SelectionState | undefined;
const listeners = new Set<() => void>();

const getState = (): SelectionState => {
  state ??= initialState();
  return state;
};

const setState = (patch: Partial<SelectionState>) => {
  const next = { ...getState(), ...patch };
  state = next;
  if ('stage' in patch || 'subject' in patch) persist(next);
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSelection = (): SelectionState => useSyncExternalStore(subscribe, getState, getState);

/** The selection outside React (route loaders). */
export const getSelection = getState;

export const selectionActions = {
  /** A new stage starts from all of its subjects. */
  selectStage(stage: DictEntry) {
    const current = getState();
    if (current.stage.id === stage.id && current.stage.dictName === stage.dictName) return;
    setState({ stage, subject: ALL_SUBJECTS });
  },
  /** Choosing a subject settles the filter and closes the picker. */
  selectSubject(subject: DictEntry) {
    setState({ subject, pickerOpen: false, pickerOffered: false });
  },
  openPicker() {
    setState({ pickerOpen: true, pickerOffered: false });
  },
  closePicker() {
    setState({ pickerOpen: false });
  },
  /** 暂不选择 on the offer: it goes away for this session; the header label still opens the picker. */
  declineOffer() {
    setState({ pickerOffered: false });
  },
  /** A logged-in user's saved stage and subject: set both, the picker has nothing left to ask. */
  apply(stage: DictEntry, subject: DictEntry) {
    setState({ stage, subject, pickerOpen: false, pickerOffered: false });
  },
  /** Logout: back to 全部 | 全部学科. */
  resetToAll() {
    setState({ stage: ALL_STAGES, subject: ALL_SUBJECTS });
  },
};

/** The header label 'stage | subject'; a subject with id null reads 全部学科. */
export const selectionLabel = ({ stage, subject }: Pick<SelectionState, 'stage' | 'subject'>) =>
  `${stage.dictName} | ${subject.id === null ? ALL_SUBJECTS_LABEL : subject.dictName}`;
