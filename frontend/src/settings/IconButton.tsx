import * as Tooltip from "@radix-ui/react-tooltip";
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & { label: string; children: ReactNode };

/**
 * IconButton is a button that shows only an icon: its label is its
 * accessible name and a tooltip on hover and keyboard focus (Radix Tooltip,
 * which needs a Tooltip.Provider above it).
 */
export const IconButton = forwardRef<HTMLButtonElement, Props>(function IconButton({ label, children, className, ...rest }, ref) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button ref={ref} type="button" aria-label={label} className={`icon ${className ?? ""}`} {...rest}>
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={4}>
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
});
