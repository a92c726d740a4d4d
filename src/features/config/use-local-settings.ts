import { useLocalConfig } from '../../db/reference-hooks';

/** Whether this device shows the on-screen number keypad at value inputs (/config: virtual keyboard). */
export function useVirtualKeypadEnabled(): boolean {
  return useLocalConfig().virtualKeyboard === true;
}
