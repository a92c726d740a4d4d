import { useLocalConfig } from '../../db/reference-hooks';

/** Whether this device shows the on-screen number keypad at value inputs (/config: virtual keyboard). */
export function useVirtualKeypadEnabled(): boolean {
  return useLocalConfig().virtualKeyboard === true;
}

/** Whether the round is printed before it is submitted (/config: print before saving). */
export function usePrintBeforeSave(): boolean {
  return useLocalConfig().printBeforeSave === true;
}
