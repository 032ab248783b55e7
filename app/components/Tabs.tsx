import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
}

/**
 * A WAI-ARIA tab list: arrow keys, Home and End move between tabs, and each tab names its panel.
 * Panels are rendered by the caller through `renderPanel`; `keepMounted` keeps the inactive ones in
 * the page (hidden) so their unsaved state survives a tab switch.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  renderPanel,
  keepMounted = false,
}: {
  label: string;
  tabs: readonly TabDefinition<K>[];
  selected: K;
  onSelect: (key: K) => void;
  renderPanel: (key: K) => ReactNode;
  keepMounted?: boolean;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    tabRefs.current.get(key)?.focus();
  }

  const shown = keepMounted ? tabs : tabs.filter((tab) => tab.key === selected);
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.key, element);
              else tabRefs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-controls={panelId(tab.key)}
            aria-selected={tab.key === selected}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {shown.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== selected}
        >
          {renderPanel(tab.key)}
        </div>
      ))}
    </>
  );
}
