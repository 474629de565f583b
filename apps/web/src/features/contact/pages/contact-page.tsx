import { MailIcon, MapPinIcon } from "lucide-react";
import { LoadError } from "../../../components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useShop } from "../../../lib/shop";

export function ContactPage() {
  const shop = useShop();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>Contact · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Contact</h1>
      {shop.isPending ? (
        <Spinner label="Chargement..." className="py-16" />
      ) : shop.isError ? (
        <LoadError message={errorMessage(shop.error)} onRetry={() => void shop.refetch()} />
      ) : (
        <>
          <p className="text-muted-foreground">
            Une question sur une commande ? Écrivez-nous en indiquant votre pseudo TikTok.
          </p>
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader>
                <MailIcon className="size-6 text-primary" aria-hidden="true" />
                <CardTitle>Service client</CardTitle>
              </CardHeader>
              <CardContent>
                <a
                  href={`mailto:${shop.data.contactEmail}`}
                  className="font-medium break-all text-primary underline underline-offset-4"
                >
                  {shop.data.contactEmail}
                </a>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <MapPinIcon className="size-6 text-primary" aria-hidden="true" />
                <CardTitle>Adresse postale</CardTitle>
              </CardHeader>
              <CardContent>
                <address className="whitespace-pre-line not-italic">{shop.data.postalAddress}</address>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
