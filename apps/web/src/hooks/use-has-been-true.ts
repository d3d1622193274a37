// Hosts of dialogs that load on first use (decision 027) mount when first needed and then stay mounted, so a
// closing dialog still plays its animation and gives focus back.
import { useState } from 'react';

/** True from the first render where `value` is true, and from then on. */
export function useHasBeenTrue(value: boolean): boolean {
  const [hasBeenTrue, setHasBeenTrue] = useState(value);
  if (value && !hasBeenTrue) setHasBeenTrue(true);
  return hasBeenTrue || value;
}
