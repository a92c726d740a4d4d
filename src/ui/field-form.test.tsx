// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { reactRoot } from '../../test/unit/react-root';
import { TextField } from '../features/readings/TextField';
import { TimeField } from '../features/readings/TimeField';
import { FieldForm, InFieldForm } from './field-form';

const i18n = setupI18n({ locale: 'en', messages: { en } });
const store = () => undefined;

/** An entry's fields as a table row holds them: the form in one cell, the fields naming it from theirs. */
function Entry({ n }: { n: number }) {
  return (
    <tr>
      <InFieldForm>
        <td>
          <FieldForm />
          <TimeField stored={undefined} label={`entry ${n} time`} nowName={`entry ${n}`} onStore={store} />
        </td>
        <td>
          <TextField stored={undefined} label={`entry ${n} remark`} onStore={store} />
        </td>
      </InFieldForm>
    </tr>
  );
}

describe("an entry's fields share a form of their own", () => {
  const page = reactRoot();
  const field = (label: string) => page.host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

  const render = () =>
    act(() =>
      page.root.render(
        <I18nProvider i18n={i18n}>
          <table>
            <tbody>
              <Entry n={1} />
              <Entry n={2} />
            </tbody>
          </table>
          <TextField stored={undefined} label="team" onStore={store} />
          <form aria-label="a dialog's form">
            <TextField stored={undefined} label="in a form" onStore={store} />
          </form>
        </I18nProvider>,
      ),
    );

  it("puts each entry's fields in its form, and only them", () => {
    render();
    const first = field('entry 1 time')?.form;
    const second = field('entry 2 time')?.form;
    // a form of its own in the entry's cell, another for the other entry
    expect(first?.closest('tr')).toBe(field('entry 1 time')?.closest('tr'));
    expect(second).not.toBe(first);
    expect(first).toBeInstanceOf(HTMLFormElement);
    expect(second).toBeInstanceOf(HTMLFormElement);
    expect(field('entry 1 remark')?.form).toBe(first);
    expect(field('entry 2 remark')?.form).toBe(second);
    // the time field's "now" button is in the form too; the fields are the two inputs
    expect([...(first?.elements ?? [])].filter((el) => el instanceof HTMLInputElement)).toHaveLength(2);
    expect(first?.hidden).toBe(true);
  });

  it('leaves a field outside an entry where it was', () => {
    render();
    expect(field('team')?.form).toBeNull();
    expect(field('in a form')?.form).toBe(page.host.querySelector('form[aria-label="a dialog\'s form"]'));
  });

  it('never submits (Enter in a form of one field would)', () => {
    render();
    const form = field('entry 1 time')?.form;
    let prevented: boolean | undefined;
    const after = (e: Event) => (prevented = e.defaultPrevented);
    document.addEventListener('submit', after);
    try {
      act(() => form?.requestSubmit());
    } finally {
      document.removeEventListener('submit', after);
    }
    expect(prevented).toBe(true);
  });
});
