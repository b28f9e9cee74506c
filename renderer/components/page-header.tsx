// A view's heading with its main action on the right.
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  /** The heading's id, for the view's aria-labelledby. */
  titleId: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, titleId, children, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1 id={titleId}>{title}</h1>
        {children !== undefined && <p className="page-summary">{children}</p>}
      </div>
      {actions !== undefined && <div className="page-actions">{actions}</div>}
    </header>
  );
}
