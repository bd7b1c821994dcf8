import { useId } from 'react';
import { useAtom } from 'jotai/react';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { __camel__OpenAtom } from './__name__-atoms';
import { toggleKey } from './__name__.logic';
import __camel__Css from './__name__.css?inline';

const STYLES = [__camel__Css];

export interface __Pascal__Props {
  /** Start with the details shown (an example attribute: a tag's attributes are its widget's props). */
  expanded?: boolean | null;
}

/**
 * `<__name__>`: what the widget shows (docs/widget-shape.md). Texts by key only
 * (src/i18n/en-US/__name__.ts and its es-US twin), state in __name__-atoms.ts, rules in
 * __name__.logic.ts; a part loaded lazily gets a `*-loader.ts` beside this file.
 */
export function __Pascal__Root({ expanded = false }: __Pascal__Props) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const headingId = useId();
  const [toggled, setToggled] = useAtom(__camel__OpenAtom);
  const open = toggled ?? expanded === true;
  return (
    <section className="lk-__name__" part="__name__" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('__camel__.title')}</h2>
      <button type="button" className="lk-button" aria-expanded={open} onClick={() => setToggled(!open)}>
        {t(toggleKey(open))}
      </button>
      {open ? <p>{t('__camel__.body')}</p> : null}
    </section>
  );
}
