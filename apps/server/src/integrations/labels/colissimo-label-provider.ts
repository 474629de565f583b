import { SHOP_TIME_ZONE, type ShippingAddress } from "@vitrine/domain";
import { z } from "zod";
import type { ColissimoSettings } from "../../config";
import {
  LabelProviderError,
  type GeneratedLabel,
  type LabelProvider,
  type LabelRequest,
  type LabelSender,
} from "./label-provider";
import { parseContentType, parseMultipart, type MultipartPart } from "./multipart";

const REQUEST_TIMEOUT_MS = 20_000;
/** Colissimo's 10 x 15 cm label, the closest to our A6 (docs/integrations.md). */
export const COLISSIMO_OUTPUT_FORMAT = "PDF_10x15_300dpi";
/** Home delivery in France without signature. */
export const COLISSIMO_PRODUCT_CODE = "DOM";

/** The `<jsonInfos>` part: messages (INFOS or ERROR) and, on success, the parcel number. */
const jsonInfosSchema = z.object({
  messages: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        type: z.string(),
        messageContent: z.string().nullish(),
      }),
    )
    .default([]),
  labelV2Response: z.object({ parcelNumber: z.string().min(1) }).nullish(),
});
type JsonInfos = z.infer<typeof jsonInfosSchema>;

const depositDay = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE });

/** French numbers as Colissimo takes them: 10 digits; a mobile (06, 07) goes where SMS are sent. */
function phoneFields(phone: string): { mobileNumber: string } | { phoneNumber: string } | object {
  const digits = phone.replace(/[\s.()-]/g, "").replace(/^\+33/, "0");
  if (/^0[67]\d{8}$/.test(digits)) return { mobileNumber: digits };
  if (/^0\d{9}$/.test(digits)) return { phoneNumber: digits };
  return {};
}

/** The body of `generateLabel` for one parcel (SLS REST 2.0, docs/integrations.md). */
export function generateLabelBody(
  settings: ColissimoSettings,
  sender: LabelSender,
  request: LabelRequest,
): Record<string, unknown> {
  const addressee: ShippingAddress = request.addressee;
  return {
    contractNumber: settings.contractNumber,
    password: settings.password,
    outputFormat: { x: 0, y: 0, outputPrintingType: COLISSIMO_OUTPUT_FORMAT },
    letter: {
      service: {
        productCode: COLISSIMO_PRODUCT_CODE,
        depositDate: depositDay.format(request.depositDate),
        orderNumber: request.orderNumber,
        commercialName: sender.name,
      },
      parcel: { weight: Math.round(request.weightGrams / 10) / 100 },
      sender: {
        senderParcelRef: request.orderNumber,
        address: {
          companyName: sender.name,
          line2: sender.street,
          countryCode: "FR",
          city: sender.city,
          zipCode: sender.zip,
          email: sender.email,
        },
      },
      addressee: {
        addresseeParcelRef: request.orderNumber,
        address: {
          lastName: addressee.last_name,
          firstName: addressee.first_name,
          line2: addressee.street,
          countryCode: "FR",
          city: addressee.city,
          zipCode: addressee.zip,
          email: addressee.email,
          ...phoneFields(addressee.phone),
        },
      },
    },
  };
}

function partNamed(parts: MultipartPart[], contentId: string, mediaType: string): MultipartPart | undefined {
  return (
    parts.find((part) => part.headers["content-id"] === contentId) ??
    parts.find((part) => parseContentType(part.headers["content-type"] ?? "").mediaType === mediaType)
  );
}

/** Reads Colissimo's answer: multipart with `<jsonInfos>` and `<label>`, or JSON alone (errors). */
export function readGenerateLabelAnswer(
  contentType: string,
  body: Uint8Array,
): { infos: JsonInfos | null; label: Buffer | null } {
  const { mediaType, params } = parseContentType(contentType);
  let infosText: string | null = null;
  let label: Buffer | null = null;
  if (mediaType.startsWith("multipart/") && params.boundary) {
    const parts = parseMultipart(body, params.boundary);
    infosText = partNamed(parts, "<jsonInfos>", "application/json")?.body.toString("utf8") ?? null;
    label = partNamed(parts, "<label>", "application/octet-stream")?.body ?? null;
  } else if (mediaType === "application/json") {
    infosText = Buffer.from(body).toString("utf8");
  }
  if (infosText === null) return { infos: null, label };
  let json: unknown;
  try {
    json = JSON.parse(infosText);
  } catch {
    return { infos: null, label };
  }
  const infos = jsonInfosSchema.safeParse(json);
  return { infos: infos.success ? infos.data : null, label };
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}

/**
 * The real provider: Colissimo's label web service (SLS, `generateLabel`, REST and JSON), its
 * credentials in the body. The label comes back as the `<label>` part of a multipart answer.
 */
export function createColissimoLabelProvider({
  settings,
  sender,
  fetchImpl = fetch,
}: {
  settings: ColissimoSettings;
  sender: LabelSender;
  fetchImpl?: typeof fetch;
}): LabelProvider {
  return {
    name: "colissimo",
    async generate(request: LabelRequest): Promise<GeneratedLabel> {
      const url = `${settings.apiUrl}/generateLabel`;
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "multipart/mixed, application/json" },
          body: JSON.stringify(generateLabelBody(settings, sender, request)),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new LabelProviderError(`Colissimo generateLabel unreachable: ${String(error)}`);
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const { infos, label } = readGenerateLabelAnswer(response.headers.get("content-type") ?? "", body);
      const error = infos?.messages.find((message) => message.type === "ERROR");
      if (!response.ok || error) {
        const detail = error ? `${error.id} ${error.messageContent ?? ""}`.trim() : "no message";
        throw new LabelProviderError(
          `Colissimo generateLabel refused (HTTP ${response.status}): ${detail}`,
          error?.id,
        );
      }
      const parcelNumber = infos?.labelV2Response?.parcelNumber;
      if (!parcelNumber)
        throw new LabelProviderError("Colissimo generateLabel answered without a parcel number");
      if (!label || !isPdf(label))
        throw new LabelProviderError("Colissimo generateLabel answered without a PDF label");
      return { pdf: new Uint8Array(label), trackingNumber: parcelNumber };
    },
  };
}
