import { Trans, useLingui } from '@lingui/react/macro';
import { useConfig } from '../../db/reference-hooks';
import { SimpleMarkdown } from './SimpleMarkdown';
import { pickLocalizedText as pick } from '../../domain/localized-text';

/** imprint (§2): the operator's imprint from the server config. */
export function Imprint() {
  const { i18n, t } = useLingui();
  const text = pick(useConfig().imprint, i18n.locale);
  return (
    <article className="space-y-2">
      {text ? (
        <SimpleMarkdown text={text} />
      ) : (
        <>
          <h1 className="text-xl font-semibold">{t`Imprint`}</h1>
          <p>
            <Trans>
              The operator of this installation has not entered an imprint yet. Operators set it as "imprint" in the
              server configuration.
            </Trans>
          </p>
        </>
      )}
    </article>
  );
}

/** privacyPolicy (§2): the operator's policy, else what this app itself does with data. */
export function PrivacyPolicy() {
  const { i18n, t } = useLingui();
  const text = pick(useConfig().privacyPolicy, i18n.locale);
  if (text) return <SimpleMarkdown text={text} />;
  return (
    <article className="max-w-prose space-y-2">
      <h1 className="text-xl font-semibold">{t`Privacy policy`}</h1>
      <p>
        <Trans>
          This app stores the readings, remarks, photos and settings you enter in this browser's storage on this device,
          so that nothing is lost without network. They are sent only to the server of this installation, when you
          submit a round.
        </Trans>
      </p>
      <p>
        <Trans>
          With every request the app sends your login token, the browser name, the app version and whether the app is
          installed, so the server can check your rights and support can answer questions. The app uses no tracking, no
          advertising and no third-party services.
        </Trans>
      </p>
      <p>
        <Trans>
          You can see and export everything stored on this device on the About page. Ask the operator of this
          installation for their own privacy policy; they set it as "privacyPolicy" in the server configuration.
        </Trans>
      </p>
    </article>
  );
}
