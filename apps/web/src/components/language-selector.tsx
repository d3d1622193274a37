// Picks the interface language: current flag and name on the trigger, one option per
// language. Language names are endonyms (each written in its own language) so they are data, not
// translations: a French speaker looks for "Français" whatever the current language is.

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@snaplist/contract/constants';
import DE from 'country-flag-icons/react/3x2/DE';
import FR from 'country-flag-icons/react/3x2/FR';
import GB from 'country-flag-icons/react/3x2/GB';
import PL from 'country-flag-icons/react/3x2/PL';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '@/lib/i18n';

/** Every language of the contract's LANGUAGES needs its name and flag here, or the type-check fails. */
const LANGUAGE_LABELS: Record<Language, { name: string; Flag: typeof GB }> = {
  en: { name: 'English', Flag: GB },
  fr: { name: 'Français', Flag: FR },
  de: { name: 'Deutsch', Flag: DE },
  pl: { name: 'Polski', Flag: PL },
};

interface LanguageSelectorProps {
  /** Where the menu opens: upwards from a footer or sidebar bottom, downwards from a top bar. */
  side?: 'top' | 'bottom';
  compact?: boolean;
}

export function LanguageSelector({ side = 'top', compact = false }: LanguageSelectorProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const { name: currentName, Flag } = LANGUAGE_LABELS[current];

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="language-selector__trigger"
        aria-label={t('language.select', { language: currentName })}
      >
        <Flag className="flag" aria-hidden="true" />
        {!compact && <span lang={current}>{currentName}</span>}
        <ChevronDown size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side={side} align="start" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Label className="menu__label">{t('language.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current}
            onValueChange={(value) => {
              if (isLanguage(value)) void changeLanguage(value);
            }}
          >
            {LANGUAGES.map((code) => {
              const { name, Flag: OptionFlag } = LANGUAGE_LABELS[code];
              return (
                <DropdownMenu.RadioItem key={code} value={code} className="menu__item" lang={code}>
                  <OptionFlag className="flag" aria-hidden="true" />
                  <span>{name}</span>
                  <DropdownMenu.ItemIndicator className="menu__indicator">
                    <Check size={16} aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
