import { zodResolver } from "@hookform/resolvers/zod";
import {
  bulkEndForStart,
  bulkProductCount,
  bulkProductMessages,
  bulkProductsFormSchema,
  bulkRangeMessage,
  bulkSubmitLabel,
  firstBulkRange,
  nextBulkRange,
  productMessages,
  type BulkProductsFormValues,
  type BulkProductsInput,
  type Product,
} from "@vitrine/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, RefreshCwIcon } from "lucide-react";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { productColorColumn, productLiveColumn, productPriceColumn } from "../components/product-columns";
import { ColorSwatch } from "../../../components/color-swatch";
import { toast } from "../../../lib/toast";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Skeleton } from "../../../components/ui/skeleton";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useColors } from "../colors-api";
import { EuroAmountField } from "../../../components/euro-amount-field";
import { PageHeader } from "../../admin-shared/components/page-header";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useLives } from "../../admin-shared/api/lives";
import { nextRefQueryOptions, useCreateBulkProducts, useRecentProducts } from "../api";
import { BusyButton } from "../../../components/ui/busy-button";
import { LiveOptions } from "../../admin-shared/components/live-options";

const EMPTY_FORM: BulkProductsFormValues = {
  liveId: "",
  name: "",
  price: "",
  colorId: "",
  start: "",
  end: "",
};

/** The fields as the form labels them, to say which are still empty. */
const FIELD_LABELS: Record<keyof BulkProductsFormValues, string> = {
  liveId: "Live",
  name: "Nom du produit",
  price: "Prix (EUR)",
  colorId: "Couleur",
  start: "Index de début",
  end: "Index de fin",
};

/** A typed whole number, or null while the field holds none. */
function wholeNumber(text: string | undefined): number | null {
  return text && /^\d+$/.test(text.trim()) ? Number(text) : null;
}

export function BulkProductsPage() {
  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to={paths.admin.products()}>
          <ArrowLeftIcon aria-hidden />
          Retour aux produits
        </Link>
      </Button>
      <PageHeader title="Création de produits en série" />
      <BulkProductsForm />
      <RecentProducts />
    </div>
  );
}

function BulkProductsForm() {
  const queryClient = useQueryClient();
  const lives = useLives();
  const colors = useColors();
  const createProducts = useCreateBulkProducts();
  const form = useForm<BulkProductsFormValues, unknown, BulkProductsInput>({
    resolver: zodResolver(bulkProductsFormSchema),
    defaultValues: EMPTY_FORM,
    // The spec's messages show beside a field as soon as what it holds is wrong, not only on submit.
    mode: "onChange",
  });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const typedStart = wholeNumber(values.start);
  const typedEnd = wholeNumber(values.end);
  const count = bulkProductCount(typedStart, typedEnd);
  // The schema checks the range only once every field is valid; the person needs it as they type.
  const rangeMessage =
    typedStart !== null && typedEnd !== null && typedStart >= 1
      ? bulkRangeMessage(typedStart, typedEnd)
      : undefined;
  const missing = (Object.keys(EMPTY_FORM) as (keyof BulkProductsFormValues)[])
    .filter((name) => !values[name]?.trim())
    .map((name) => FIELD_LABELS[name]);
  const allFilled = missing.length === 0;

  const setRange = (range: { start: number; end: number }) => {
    form.setValue("start", String(range.start), { shouldValidate: form.formState.isSubmitted });
    form.setValue("end", String(range.end), { shouldValidate: form.formState.isSubmitted });
  };

  const chooseLive = async (liveId: string) => {
    if (!liveId) return;
    try {
      const { start } = await queryClient.fetchQuery(nextRefQueryOptions(liveId));
      // The person may have picked another live while this one was asked for.
      if (form.getValues("liveId") === liveId) setRange(firstBulkRange(start - 1));
    } catch {
      toast.error(bulkProductMessages.startIndexFailed);
    }
  };

  const changeStart = (text: string) => {
    const start = wholeNumber(text);
    if (start === null) return;
    const end = bulkEndForStart(start, wholeNumber(form.getValues("end")));
    if (end !== null) form.setValue("end", String(end), { shouldValidate: true });
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { createdRefs, existingRefs } = await createProducts.mutateAsync(input);
      if (createdRefs.length > 0) toast.success(bulkProductMessages.created(createdRefs.length));
      if (existingRefs.length > 0) toast.warning(bulkProductMessages.existing(existingRefs));
      setRange(nextBulkRange(input.end));
      form.setValue("colorId", "");
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["liveId", "name", "colorId", "start", "end"]);
      toast.error(
        isApiError(error) && error.status === 400 ? errorMessage(error) : bulkProductMessages.createFailed,
      );
    }
  });

  if (lives.isError || colors.isError) {
    return (
      <LoadError
        message={lives.isError ? productMessages.livesLoadFailed : productMessages.colorsLoadFailed}
        onRetry={() => void (lives.isError ? lives.refetch() : colors.refetch())}
      />
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Nouveaux produits</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          <div className="grid gap-4 md:grid-cols-3">
            <Field id="bulk-live" label="Live" error={errors.liveId?.message}>
              <NativeSelect
                disabled={!lives.isSuccess}
                {...form.register("liveId", { onChange: (event) => void chooseLive(event.target.value) })}
              >
                <LiveOptions lives={lives.data} emptyLabel="Sélectionnez un live" />
              </NativeSelect>
            </Field>
            <Field id="bulk-name" label="Nom du produit" error={errors.name?.message}>
              <Input autoComplete="off" {...form.register("name")} />
            </Field>
            <EuroAmountField
              id="bulk-price"
              label="Prix (EUR)"
              error={errors.price?.message}
              typed={values.price}
              {...form.register("price")}
            />
          </div>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.colorId ? "bulk-color-error" : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Couleur</legend>
            {colors.isPending ? (
              <Skeleton className="h-10 w-full max-w-md" />
            ) : colors.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Aucune couleur : ajoutez-en depuis la page{" "}
                <Link to={paths.admin.colors()} className="text-primary underline">
                  Couleurs
                </Link>
                .
              </p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {colors.data.map((color) => (
                  <label
                    key={color.id}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary",
                    )}
                  >
                    <input
                      type="radio"
                      value={color.id}
                      className="size-4 accent-primary"
                      {...form.register("colorId")}
                    />
                    <ColorSwatch hexCode={color.hexCode} />
                    {color.name}
                  </label>
                ))}
              </div>
            )}
            {errors.colorId ? (
              <p id="bulk-color-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.colorId.message}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2 md:max-w-md">
            <Field id="bulk-start" label="Index de début" error={errors.start?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...form.register("start", {
                  onChange: (event) => changeStart(event.target.value),
                  deps: ["end"],
                })}
              />
            </Field>
            <Field id="bulk-end" label="Index de fin" error={errors.end?.message ?? rangeMessage}>
              <Input type="number" inputMode="numeric" min={1} step={1} {...form.register("end")} />
            </Field>
          </div>
          <div className="flex flex-col items-start gap-2">
            <BusyButton
              type="submit"
              busy={isSubmitting}
              disabled={!allFilled}
              aria-describedby={allFilled ? undefined : "bulk-missing"}
            >
              {bulkSubmitLabel(count)}
            </BusyButton>
            {allFilled ? null : (
              <p id="bulk-missing" className="text-sm text-muted-foreground">
                À compléter : {missing.join(", ")}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function RecentProducts() {
  const recent = useRecentProducts();
  const columns = useMemo<ColumnDef<Product>[]>(
    () => [
      { accessorKey: "ref", header: "Référence" },
      { accessorKey: "name", header: "Nom" },
      productLiveColumn,
      productColorColumn,
      productPriceColumn,
      {
        accessorKey: "createdAt",
        header: "Créé le",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>
        ),
      },
    ],
    [],
  );

  return (
    <section className="flex flex-col gap-3" aria-labelledby="recent-products-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-products-heading" className="text-xl font-semibold">
          Derniers produits créés
        </h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={recent.isFetching}
          onClick={() => void recent.refetch()}
        >
          <RefreshCwIcon
            aria-hidden
            className={recent.isFetching ? "animate-spin motion-reduce:animate-none" : ""}
          />
          Actualiser
        </Button>
      </div>
      {recent.isError ? (
        <LoadError message={bulkProductMessages.recentFailed} onRetry={() => void recent.refetch()} />
      ) : (
        <DataTable
          caption="Les 50 derniers produits créés"
          columns={columns}
          rows={recent.data}
          getRowId={(product) => product.id}
          isLoading={recent.isPending}
          emptyText={bulkProductMessages.noRecent}
        />
      )}
    </section>
  );
}
