import { defineConfig, presetWind3 } from "unocss";

export default defineConfig({
  presets: [presetWind3()],
  theme: {
    colors: {
      brand: { DEFAULT: "#1e3a5f", light: "#2c5282", dark: "#132840" },
    },
  },
});
