// /dashboard/listings/create (SPEC section 2): create, or edit when ?editing=yes. The form arrives with a later issue.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export function ListingEditorPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const editing = searchParams.get('editing') === 'yes';
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">
          {editing ? t('listing_editor.title_edit') : t('listing_editor.title_create')}
        </h1>
      </header>
    </div>
  );
}
