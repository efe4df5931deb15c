/**
 * The localStorage key of the guided flow's saved progress (spec section 3). On its own so that
 * signing out can forget a save without loading the flow's code.
 */
export const FORM11_PROGRESS_KEY = 'form11Progress';

/** The localStorage key of the questionnaire's progress (a reload goes on from it); here for the same reason. */
export const QUESTIONNAIRE_PROGRESS_KEY = 'questionnaireProgress';
