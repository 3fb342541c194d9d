import { activateLocale } from '@client/lib/i18n';
import { renderWithProviders } from '@client/testing/render';
import type { ContentType } from '@shared/content-values';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaErrorNotice, NoMediaNotice } from './player-notice';

// An audio item is not a "video": the notices name what the item is, in every language (issue 37).
afterEach(() => activateLocale('en'));

function noticeTexts(type: ContentType) {
  const missing = renderWithProviders(<NoMediaNotice type={type} />);
  const missingText = screen.getByRole('status').textContent;
  missing.unmount();
  renderWithProviders(<MediaErrorNotice type={type} />);
  return [missingText, screen.getByRole('alert').textContent];
}

describe('the no-media and error notices', () => {
  it.each([
    [
      'en',
      'audio',
      ["No Audio FileThis audio hasn't been uploaded yet", 'Audio ErrorUnable to load audio content'],
    ],
    [
      'en',
      'video',
      ["No Video FileThis video hasn't been uploaded yet", 'Video ErrorUnable to load video content'],
    ],
    [
      'es',
      'audio',
      ['Aún no hay audioEste audio todavía no se ha subido', 'Error de audioNo se ha podido cargar el audio'],
    ],
    [
      'es',
      'video',
      ['Aún no hay vídeoEste vídeo todavía no se ha subido', 'Error de vídeoNo se ha podido cargar el vídeo'],
    ],
    [
      'de',
      'audio',
      [
        'Noch kein AudioDiese Audiodatei wurde noch nicht hochgeladen',
        'AudiofehlerDie Audiodatei ließ sich nicht laden',
      ],
    ],
    [
      'de',
      'video',
      [
        'Noch kein VideoDieses Video wurde noch nicht hochgeladen',
        'VideofehlerDas Video ließ sich nicht laden',
      ],
    ],
  ] as const)('in %s, an item of type %s', async (locale, type, expected) => {
    await activateLocale(locale, ['player']);
    const texts = noticeTexts(type);
    expect(texts).toEqual(expected);
    if (type === 'audio') for (const text of texts) expect(text).not.toMatch(/v[ií]deo/i);
    expect(document.body.textContent).not.toMatch(/player\.[a-z]/);
  });
});
