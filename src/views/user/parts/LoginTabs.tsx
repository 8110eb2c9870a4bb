import type { KeyboardEvent } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
}

/** The two tabs above the login form (a tab list a keyboard can move along with the arrow keys). */
export function LoginTabs<K extends string>({ tabs, active, onChange }: { tabs: LoginTab<K>[]; active: K; onChange: (key: K) => void }) {
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    onChange(next.key);
    document.getElementById(`login-tab-${next.key}`)?.focus();
  };
  return (
    <div className="login-tabs" role="tablist">
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          id={`login-tab-${tab.key}`}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={tab.key === active ? 'login-tab login-tab-active' : 'login-tab'}
          onClick={() => onChange(tab.key)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
