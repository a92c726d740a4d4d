import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Alert } from './Alert';

/** §8 "Cannot find group": the round named in the address is not on this device, with the way back. */
export function GroupNotFound({ group }: { group: string }) {
  return (
    <Alert type="danger">
      <Trans>Cannot find group with name {group}.</Trans>{' '}
      <Link to="/" className="underline">
        <Trans>Back to the group selection</Trans>
      </Link>
    </Alert>
  );
}
