/** CHOICE_EVENT tells the composer's picker the conversation's choice changed elsewhere. */
export const CHOICE_EVENT = "hearth-choice";
