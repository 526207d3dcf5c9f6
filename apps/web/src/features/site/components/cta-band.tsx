import { ButtonLink } from '@/components/button-link';
import type { consoleEntryHref } from '@/lib/access';

/** The orange band that closes a public page: a title, a line and the sign-up button (home and pricing). */
export function CtaBand({
  title,
  text,
  button,
  register,
}: {
  title: string;
  text: string;
  button: string;
  /** Where sign-up is (the console's host may differ from the site's). */
  register: ReturnType<typeof consoleEntryHref>;
}) {
  return (
    <section className="cta-band">
      <h2>{title}</h2>
      <p>{text}</p>
      <ButtonLink size="large" className="cta-band__button" to={register.href} isExternal={register.isExternal}>
        {button}
      </ButtonLink>
    </section>
  );
}
