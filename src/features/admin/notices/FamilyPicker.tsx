/**
 * Choosing the one family a notice goes to: a search by name, address or member number through
 * the accounts overview's endpoint (the first ten matches), then a choice among them.
 */
import type { MemberRow } from '@family-portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAccounts } from '../../../api/office';
import { apiErrorKey, type CallErrorKey } from '../../../api/errorMessages';
import { Alert } from '../../../components/Alert';

interface Props {
  chosen: MemberRow | null;
  onChange: (family: MemberRow | null) => void;
  disabled: boolean;
}

const RESULTS = 10;

export function FamilyPicker({ chosen, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<MemberRow[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<CallErrorKey | null>(null);

  const find = async () => {
    const words = search.trim();
    if (!words || searching) return;
    setSearching(true);
    setError(null);
    try {
      const page = await fetchAccounts({ account: 'all', search: words, notInvited: 'false', sort: 'name', direction: 'asc', offset: 0, limit: RESULTS });
      setResults(page.rows);
    } catch (caught) {
      setError(apiErrorKey(caught));
    } finally {
      setSearching(false);
    }
  };

  const shown = results ?? (chosen ? [chosen] : []);
  return (
    <div className="space-y-2 pl-6">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-search`} className="text-slate-700">{t('admin.notices.compose.familySearch')}</label>
        <div className="flex flex-wrap gap-2">
          <input id={`${id}-search`} type="search" value={search} disabled={disabled} onChange={(event) => setSearch(event.target.value)}
            // Enter searches; it must not send the notice's form around it.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void find();
            }}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 sm:max-w-md" />
          <button type="button" onClick={() => void find()} disabled={disabled || searching || !search.trim()}
            className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60">
            {searching ? t('admin.notices.compose.searching') : t('admin.notices.compose.search')}
          </button>
        </div>
      </div>
      {error && <Alert tone="error">{t('admin.notices.compose.familySearchError', { message: t(error) })}</Alert>}
      {results?.length === 0 && <p className="text-slate-600" role="status">{t('admin.notices.compose.familyNone')}</p>}
      {shown.length > 0 && (
        <fieldset className="rounded-md border border-slate-200 p-2">
          <legend className="px-1 text-slate-700">{t('admin.notices.compose.familyResults')}</legend>
          <ul className="space-y-1">
            {shown.map((family) => (
              <li key={family.memberId}>
                <label className="flex items-start gap-2">
                  <input type="radio" name={`${id}-family`} className="mt-0.5 size-4 shrink-0" checked={chosen?.memberId === family.memberId} disabled={disabled}
                    onChange={() => onChange(family)} />
                  <span className="min-w-0 break-words">{t('admin.notices.compose.familyOption', { name: family.name, id: family.memberId, email: family.email })}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
