import { profileHasChanges, profileMessages, type CustomerProfile } from "@vitrine/domain";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "../../../lib/toast";
import { LoadError } from "../../../components/load-error";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useCustomerProfile, useUpdateProfile } from "../api/profile";
import {
  handleSubmitMessage,
  profileResolver,
  type ProfileFormUpdate,
  type ProfileFormValues,
} from "../profile-form";
import { BusyButton } from "../../../components/ui/busy-button";
import { TiktokUsernameFields } from "../../../components/tiktok-username-fields";
import { HandleProofCard } from "../components/handle-proof-card";
import { LiveAccountsCard } from "../components/live-accounts-card";
import { PushNotifications } from "../components/push-notifications";

export function ProfilePage() {
  const profile = useCustomerProfile();

  return (
    <div className="flex flex-col gap-6">
      <title>Mon profil · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Mon profil</h1>
      {profile.isPending ? (
        <Spinner label="Chargement de votre profil..." className="py-16" />
      ) : profile.isError ? (
        <LoadError message={profileMessages.loadFailed} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm key={profile.data.tiktokUsername ?? ""} profile={profile.data} />
      )}
      <HandleProofCard />
      <LiveAccountsCard />
      <PushNotifications />
    </div>
  );
}

function ProfileForm({ profile }: { profile: CustomerProfile }) {
  const updateProfile = useUpdateProfile();
  const navigate = useNavigate();
  const handle = profile.tiktokUsername?.trim() ?? "";
  const handleEditable = handle.length === 0;
  const form = useForm<ProfileFormValues, unknown, ProfileFormUpdate>({
    resolver: profileResolver(handleEditable),
    mode: "onTouched",
    defaultValues: {
      firstName: profile.firstName ?? "",
      lastName: profile.lastName ?? "",
      tiktokUsername: "",
      tiktokUsernameConfirmation: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  /** Re-checks the confirmation when the handle changes, once the person has typed it. */
  const revalidateConfirmation = () => {
    if (form.getValues("tiktokUsernameConfirmation")) void form.trigger("tiktokUsernameConfirmation");
  };

  const onSubmit = form.handleSubmit(
    async (update) => {
      if (!profileHasChanges(profile, update)) {
        toast.warning(profileMessages.noChange);
        return;
      }
      try {
        await updateProfile.mutateAsync(update);
        toast.success(profileMessages.updated);
        // She was sent here for her handle: with it, her orders can be found.
        if (handleEditable) void navigate(paths.customer.orders());
      } catch (error) {
        const takenHandle = isApiError(error) ? error.fields?.tiktokUsername : undefined;
        if (handleEditable && takenHandle) {
          form.setError("tiktokUsername", { type: "server", message: takenHandle }, { shouldFocus: true });
          toast.error(takenHandle);
        } else {
          toast.error(profileMessages.updateFailed);
        }
      }
    },
    (invalid) => {
      if (invalid.tiktokUsername) toast.error(handleSubmitMessage(form.getValues()));
    },
  );

  return (
    <>
      {handleEditable ? (
        <Alert variant="error" role="status">
          <p>{profileMessages.handleMandatory}</p>
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="profile-first-name" label="Prénom" error={errors.firstName?.message}>
                <Input autoComplete="given-name" {...form.register("firstName")} />
              </Field>
              <Field id="profile-last-name" label="Nom" error={errors.lastName?.message}>
                <Input autoComplete="family-name" {...form.register("lastName")} />
              </Field>
              <Field id="profile-email" label="Email" className="sm:col-span-2">
                <Input type="email" value={profile.email} readOnly />
              </Field>
              {handleEditable ? (
                <TiktokUsernameFields
                  idPrefix="profile"
                  hint="Le pseudo de votre profil TikTok, avec ou sans @. Il ne pourra plus être modifié."
                  username={form.register("tiktokUsername", { onChange: revalidateConfirmation })}
                  confirmation={form.register("tiktokUsernameConfirmation")}
                  errors={{
                    username: errors.tiktokUsername?.message,
                    confirmation: errors.tiktokUsernameConfirmation?.message,
                  }}
                />
              ) : (
                <Field id="profile-tiktok-username" label="Pseudo TikTok" className="sm:col-span-2">
                  <Input value={`@${handle}`} readOnly />
                </Field>
              )}
            </div>
            {handleEditable ? null : (
              <p className="text-sm text-muted-foreground">
                {profileMessages.contactToChange}{" "}
                <Link to={paths.contact()} className="font-medium text-primary underline underline-offset-4">
                  Nous contacter
                </Link>
              </p>
            )}
            <div>
              <BusyButton type="submit" busy={isSubmitting}>
                Enregistrer
              </BusyButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
