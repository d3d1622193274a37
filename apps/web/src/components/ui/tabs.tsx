// Accessible tabs on Radix (WAI-ARIA tabs pattern): arrow keys, Home and End move along the tab list and
// choose, only the selected tab is in the tab order, and one labelled tab panel shows the selected content.
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  items: ReadonlyArray<TabItem<T>>;
  value: T;
  onValueChange: (value: T) => void;
  /** The accessible name of the tab list. */
  label: string;
  children: ReactNode;
}

export function Tabs<T extends string>({ items, value, onValueChange, label, children }: TabsProps<T>) {
  const select = (next: string) => {
    // Radix hands back a plain string; only the values of `items` can be chosen.
    const item = items.find((candidate) => candidate.value === next);
    if (item) onValueChange(item.value);
  };
  return (
    <RadixTabs.Root className="tabs" value={value} onValueChange={select}>
      <RadixTabs.List aria-label={label} className="tabs__list">
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="tabs__tab">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value} className="tabs__panel">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
