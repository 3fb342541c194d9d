import type { ShippedLocale } from '@shared/locales.ts';

/**
 * The questionnaire's words in the languages other than English (docs/translating.md,
 * "The questionnaire"), seeded with its content on every start into questionnaire_translations.
 * Keys: `<domain>.title`, `<domain>.description`, and each statement's own key (`perception-1`,
 * `presence-calm-1`), the same as questionnaire-content.ts. Only the words are translated: the
 * statements, their order, their ids and the scoring are the same in every language, so answers
 * and scores never depend on the language a member answered in.
 *
 * Like the English, every statement looks back over the past two weeks and is phrased so that
 * "more often" is the healthier answer; the tone is informal (tú, du), calm and without diagnosis.
 * A key missing here shows in English.
 */
export const QUESTIONNAIRE_TRANSLATIONS: Record<Exclude<ShippedLocale, 'en'>, Record<string, string>> = {
  es: {
    'perception.title': 'Percepción',
    'perception.description': 'Cómo notas y das sentido a lo que ocurre a tu alrededor y dentro de ti.',
    'perception-1':
      'Me fijé en pequeños detalles agradables de mi día, como la luz, los sonidos o los sabores.',
    'perception-2': 'Cuando algo salió mal, pude verlo tal como era, sin hacerlo más grande.',
    'perception-3': 'Fui consciente de cómo se sentía mi cuerpo y de lo que necesitaba.',
    'perception-4': 'Pude distinguir entre lo que pasó y la historia que me conté sobre ello.',
    'perception-5': 'Noté mis emociones a medida que llegaban y pude ponerles nombre.',
    'perspective.title': 'Perspectiva',
    'perspective.description':
      'La mirada con la que vives: cómo llevas los contratiempos, las esperanzas y tu relación contigo.',
    'perspective-1': 'Sentí esperanza ante las próximas semanas.',
    'perspective-2': 'Cuando las cosas se pusieron difíciles, me recordé que esto también cambiaría.',
    'perspective-3': 'Traté mis propios errores con la amabilidad que le ofrecería a un amigo.',
    'perspective-4': 'Pude ver más de una manera de mirar una situación difícil.',
    'perspective-5': 'Sentí que mi vida tenía sentido y dirección.',
    'people.title': 'Personas',
    'people.description': 'Las relaciones que te sostienen: familia, amistades, compañeros y vecinos.',
    'people-1': 'Pasé tiempo con personas con las que me siento mejor.',
    'people-2': 'Sentí que podía mostrarme tal como soy con las personas cercanas.',
    'people-3': 'Cuando necesité apoyo, supe a quién acudir.',
    'people-4': 'Escuché a alguien con toda mi atención.',
    'people-5': 'Sentí que alguien en mi vida me valoraba.',
    'participation.title': 'Participación',
    'participation.description': 'Hasta qué punto tomas parte en tus días, tu trabajo y tu comunidad.',
    'participation-1': 'Presté toda mi atención a lo que hacía, en lugar de hacerlo con prisa.',
    'participation-2': 'Participé en algo que me conectó con un grupo o una comunidad.',
    'participation-3': 'Sentí que mi aportación en el trabajo o en casa se valoraba.',
    'participation-4': 'Dije que sí a lo que quería hacer y que no a lo que no.',
    'participation-5': 'Ayudé a alguien o hice algo amable sin que me lo pidieran.',
    'pursuits.title': 'Intereses',
    'pursuits.description': 'Las actividades, aficiones y metas que dan energía a tu vida.',
    'pursuits-1': 'Saqué tiempo para algo que disfruto solo por el gusto de hacerlo.',
    'pursuits-2': 'Avancé, aunque fuera un poco, en algo que me importa.',
    'pursuits-3': 'Aprendí algo nuevo o me animé a ir un poco más allá.',
    'pursuits-4': 'Moví el cuerpo de una manera que me sentó bien.',
    'pursuits-5': 'Perdí la noción del tiempo porque lo que hacía me absorbía por completo.',
    'place.title': 'Lugar',
    'place.description': 'Los espacios donde vives, trabajas y descansas, y tu tiempo en la naturaleza.',
    'place-1': 'Me sentí a gusto en el lugar donde vivo.',
    'place-2': 'Pasé tiempo al aire libre o cerca de algo verde o vivo.',
    'place-3': 'Tuve un espacio tranquilo donde descansar o estar a solas cuando lo necesité.',
    'place-4': 'Mi entorno me ayudó a sentirme en calma en lugar de en tensión.',
    'place-5': 'Dormí en un lugar que me dejó descansar bien.',
    'presence.title': 'Presencia',
    'presence.description': 'El estado de tu mente: cuánta calma, claridad y conexión has sentido.',
    'presence-calm-1': 'Sentí serenidad y paz, incluso en los días ajetreados.',
    'presence-calm-2': 'Cuando sentí tensión, pude dejar que se aflojara.',
    'presence-calm-3': 'Mi respiración se sintió lenta y tranquila.',
    'presence-clear-1': 'Pude concentrarme en una cosa a la vez.',
    'presence-clear-2': 'Tomé decisiones con la mente clara.',
    'presence-clear-3': 'Mis pensamientos se sintieron ordenados en lugar de amontonados.',
    'presence-connected-1': 'Sentí conexión con las personas a mi alrededor.',
    'presence-connected-2': 'Me sentí parte de algo más grande que yo.',
    'presence-connected-3': 'Me sentí en casa en mi propio cuerpo y en mi mente.',
  },
  de: {
    'perception.title': 'Wahrnehmung',
    'perception.description': 'Wie du wahrnimmst und verstehst, was um dich herum und in dir geschieht.',
    'perception-1':
      'Ich habe kleine, schöne Details in meinem Tag bemerkt, etwa Licht, Klänge oder Geschmack.',
    'perception-2': 'Wenn etwas schiefging, konnte ich es sehen, wie es war, ohne es größer zu machen.',
    'perception-3': 'Ich habe gespürt, wie sich mein Körper anfühlte und was er brauchte.',
    'perception-4':
      'Ich konnte unterscheiden zwischen dem, was geschehen ist, und der Geschichte, die ich mir darüber erzählt habe.',
    'perception-5': 'Ich habe meine Gefühle bemerkt, als sie kamen, und konnte sie benennen.',
    'perspective.title': 'Perspektive',
    'perspective.description':
      'Wie du auf dein Leben blickst: wie du mit Rückschlägen, Hoffnungen und dir selbst umgehst.',
    'perspective-1': 'Ich habe mit Zuversicht auf die kommenden Wochen geblickt.',
    'perspective-2': 'Wenn es schwer war, habe ich mich daran erinnert, dass auch das sich ändern wird.',
    'perspective-3':
      'Ich bin mit meinen eigenen Fehlern so freundlich umgegangen, wie ich es bei einem lieben Menschen tun würde.',
    'perspective-4': 'Ich konnte eine schwierige Lage aus mehr als einem Blickwinkel sehen.',
    'perspective-5': 'Ich hatte das Gefühl, dass mein Leben Sinn und Richtung hat.',
    'people.title': 'Menschen',
    'people.description': 'Die Beziehungen, die dich tragen: Familie, Freunde, Kollegen und Nachbarn.',
    'people-1': 'Ich habe Zeit mit Menschen verbracht, mit denen es mir danach besser geht.',
    'people-2': 'Ich hatte das Gefühl, bei den Menschen, die mir nahestehen, ich selbst sein zu können.',
    'people-3': 'Wenn ich Unterstützung brauchte, wusste ich, an wen ich mich wenden kann.',
    'people-4': 'Ich habe jemandem mit meiner ganzen Aufmerksamkeit zugehört.',
    'people-5': 'Ich habe mich von jemandem in meinem Leben wertgeschätzt gefühlt.',
    'participation.title': 'Teilhabe',
    'participation.description':
      'Wie sehr du an deinen Tagen, deiner Arbeit und deiner Gemeinschaft teilnimmst.',
    'participation-1': 'Ich war ganz bei dem, was ich tat, statt mich hindurchzuhetzen.',
    'participation-2':
      'Ich habe an etwas teilgenommen, das mich mit einer Gruppe oder Gemeinschaft verbunden hat.',
    'participation-3': 'Ich hatte das Gefühl, dass mein Beitrag bei der Arbeit oder zu Hause geschätzt wird.',
    'participation-4':
      'Ich habe Ja gesagt zu Dingen, die ich tun wollte, und Nein zu denen, die ich nicht wollte.',
    'participation-5':
      'Ich habe jemandem geholfen oder etwas Freundliches getan, ohne darum gebeten zu werden.',
    'pursuits.title': 'Vorhaben',
    'pursuits.description': 'Die Tätigkeiten, Interessen und Ziele, die deinem Leben Energie geben.',
    'pursuits-1': 'Ich habe mir Zeit für etwas genommen, das mir einfach so Freude macht.',
    'pursuits-2': 'Ich bin bei etwas, das mir wichtig ist, vorangekommen, und sei es nur ein wenig.',
    'pursuits-3': 'Ich habe etwas Neues gelernt oder mich ein wenig herausgefordert.',
    'pursuits-4': 'Ich habe mich auf eine Weise bewegt, die sich gut angefühlt hat.',
    'pursuits-5': 'Ich habe die Zeit vergessen, weil ich ganz in etwas vertieft war.',
    'place.title': 'Ort',
    'place.description': 'Die Räume, in denen du lebst, arbeitest und ruhst, und deine Zeit in der Natur.',
    'place-1': 'Ich habe mich an dem Ort, an dem ich lebe, wohlgefühlt.',
    'place-2': 'Ich habe Zeit draußen verbracht oder in der Nähe von etwas Grünem, Lebendigem.',
    'place-3':
      'Ich hatte einen ruhigen Ort, an dem ich mich ausruhen oder allein sein konnte, wenn ich es brauchte.',
    'place-4': 'Meine Umgebung hat mir geholfen, mich ruhig statt angespannt zu fühlen.',
    'place-5': 'Ich habe an einem Ort geschlafen, an dem ich mich gut erholen konnte.',
    'presence.title': 'Präsenz',
    'presence.description': 'Der Zustand deines Geistes: wie ruhig, klar und verbunden du dich gefühlt hast.',
    'presence-calm-1': 'Ich fühlte mich gelassen und im Frieden, auch an vollen Tagen.',
    'presence-calm-2': 'Wenn ich angespannt war, konnte ich die Anspannung nachlassen lassen.',
    'presence-calm-3': 'Mein Atem fühlte sich langsam und leicht an.',
    'presence-clear-1': 'Ich konnte mich auf eine Sache zur Zeit konzentrieren.',
    'presence-clear-2': 'Ich habe Entscheidungen mit klarem Kopf getroffen.',
    'presence-clear-3': 'Meine Gedanken fühlten sich geordnet statt gedrängt an.',
    'presence-connected-1': 'Ich fühlte mich mit den Menschen um mich herum verbunden.',
    'presence-connected-2': 'Ich fühlte mich als Teil von etwas Größerem als mir selbst.',
    'presence-connected-3': 'Ich fühlte mich in meinem eigenen Körper und Geist zu Hause.',
  },
};
