/**
 * The task type to post: the one the user picked while it is offered, else the first offered type.
 * A type remembered from before the config arrived ("Aufgabe") was once posted although the list
 * showed "Wartung".
 */
export function chosenTaskType(offered: readonly string[], picked: string | undefined): string {
  return picked !== undefined && offered.includes(picked) ? picked : (offered[0] ?? '');
}

/** A new task needs a description (an empty task text was accepted). */
export function taskTextProblem(text: string): 'empty' | undefined {
  return text.trim() === '' ? 'empty' : undefined;
}
