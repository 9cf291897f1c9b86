import { formatDate } from '@pustak/sdk/domain';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { UserIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { ChangePasswordForm, openAuthDialog, useCurrentUser, useSession } from '../auth';
import styles from './profile-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /profile: the signed-in user's details, or an invitation to sign in. */
export default function ProfilePage() {
  useDocumentTitle('My Profile');
  const { isSignedIn } = useSession();
  const { data: user, error, isLoading, mutate } = useCurrentUser();

  return (
    <div className="container">
      <PageHeader title="My Profile" description="Your Pustak account at a glance." />
      {!isSignedIn ? (
        <Card>
          <EmptyState
            icon={<UserIcon size={26} />}
            title="You're browsing as a guest"
            text="Sign in to see your profile, orders and wishlist."
            action={<Button onClick={() => openAuthDialog('signIn')}>Sign in</Button>}
          />
        </Card>
      ) : isLoading && !user ? (
        <Spinner label="Loading your profile" centered />
      ) : error && !user ? (
        <ErrorState text="We couldn't load your profile." onRetry={() => void mutate()} />
      ) : user ? (
        <Card padding="lg">
          <div className={styles.card}>
            <span className={styles.avatar} aria-hidden="true">
              {user.username.charAt(0)}
            </span>
            <dl className={styles.details}>
              <dt>Username</dt>
              <dd>{user.username}</dd>
              <dt>E-mail</dt>
              <dd>{user.email}</dd>
              <dt>Member since</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </dl>
          </div>
          <div className={styles.links}>
            <ButtonLink to="/myOrders" variant="secondary">
              My Orders
            </ButtonLink>
            <ButtonLink to="/wishlist" variant="secondary">
              Wishlist
            </ButtonLink>
            <ButtonLink to="/cart" variant="secondary">
              Cart
            </ButtonLink>
            <ButtonLink to="/books" variant="ghost">
              Browse books
            </ButtonLink>
          </div>
        </Card>
      ) : null}
      {isSignedIn && user ? (
        <Card padding="lg" className={styles.password}>
          <section aria-labelledby="change-password-title">
            <h2 id="change-password-title" className={styles.sectionTitle}>
              Change password
            </h2>
            <p className={styles.sectionText}>Changing it signs you out on every other device.</p>
            <ChangePasswordForm />
          </section>
        </Card>
      ) : null}
    </div>
  );
}
