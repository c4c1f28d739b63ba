import { useEffect, useRef } from "react";

/**
 * useFocusWhen is a ref whose element takes focus each time shown turns
 * true. autoFocus does this only under React, which focuses on mount
 * itself; on the Preact compat layer the app runs on it is an attribute a
 * browser honours only at page load.
 */
export function useFocusWhen<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
