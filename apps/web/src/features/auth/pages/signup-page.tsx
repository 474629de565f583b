import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { SignupForm } from "../components/signup-form";
import { SignupSuccess } from "../components/signup-success";

export function SignupPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="mx-auto w-full max-w-lg">
      <title>Créer un compte · Vitrine</title>
      {sentTo ? (
        <SignupSuccess email={sentTo} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle level={1}>Créer un compte</CardTitle>
            <CardDescription>
              Inscrivez-vous pour participer aux lives et retrouver vos commandes.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <SignupForm onSignedUp={setSentTo} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
