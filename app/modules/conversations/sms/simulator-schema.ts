import { z } from "zod";

type Translate = (key: string) => string;

/** A text from a topic phone to our number, as POST /api/dev/sms takes it and the phone simulator's form sends it. */
export const simulatorTextSchema = (t: Translate) =>
  z
    .object({
      from: z.string().min(3).max(32),
      body: z
        .string({ required_error: t("errors.messageEmpty") })
        .min(1, t("errors.messageEmpty"))
        .max(1600),
    })
    .strict();
export type SimulatorText = z.infer<ReturnType<typeof simulatorTextSchema>>;
