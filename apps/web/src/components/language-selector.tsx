// Picks the interface language (SPEC section 1): current flag and name on the trigger, one option per
// language. Language names are endonyms (each written in its own language) so they are data, not
// translations: a French speaker looks for "Français" whatever the current language is.

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Language } from '@snaplist/contract';
import DE from 'country-flag-icons/react/3x2/DE';
import FR from 'country-flag-icons/react/3x2/FR';
import GB from 'country-flag-icons/react/3x2/GB';
import PL from 'country-flag-icons/react/3x2/PL';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '@/lib/i18n';

const LANGUAGE_OPTIONS: ReadonlyArray<{ code: Language; name: string; Flag: typeof GB }> = [
  { code: 'en', name: 'English', Flag: GB },
  { code: 'fr', name: 'Français', Flag: FR },
  { code: 'de', name: 'Deutsch', Flag: DE },
  { code: 'pl', name: 'Polski', Flag: PL },
];

interface LanguageSelectorProps {
  /** Where the menu opens: upwards from a footer or sidebar bottom, downwards from a top bar. */
  side?: 'top' | 'bottom';
  compact?: boolean;
}

export function LanguageSelector({ side = 'top', compact = false }: LanguageSelectorProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const currentOption = LANGUAGE_OPTIONS.find((option) => option.code === current) ?? LANGUAGE_OPTIONS[0];
  if (!currentOption) return null;
  const { Flag } = currentOption;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="language-selector__trigger"
        aria-label={t('language.select', { language: currentOption.name })}
      >
        <Flag className="flag" aria-hidden="true" />
        {!compact && <span lang={currentOption.code}>{currentOption.name}</span>}
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
            {LANGUAGE_OPTIONS.map(({ code, name, Flag: OptionFlag }) => (
              <DropdownMenu.RadioItem key={code} value={code} className="menu__item" lang={code}>
                <OptionFlag className="flag" aria-hidden="true" />
                <span>{name}</span>
                <DropdownMenu.ItemIndicator className="menu__indicator">
                  <Check size={16} aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
