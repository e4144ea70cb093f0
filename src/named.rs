//! `named!`: an enum of choices declared once with the name each variant has
//! in text (the command line, JSON, traces, the wasm module and the page), from which its
//! `COUNT`, `ALL` list, `name`, `parse` and `Display` all follow.

/// What every `named!` enum is, for code generic over them (such as the wasm module's
/// argument checks, which list the choices in their error messages).
pub trait Named: Copy + 'static {
    /// Every variant, in declaration order.
    const ALL: &'static [Self];

    /// The name used in text.
    fn name(self) -> &'static str;

    /// The variant named `text` (surrounding space and ASCII case ignored).
    fn parse(text: &str) -> Option<Self>;
}

/// Declares an enum whose variants each have a name in text:
///
/// ```text
/// named! {
///     /// How much of a search the trace records.
///     pub enum Level {
///         Decisions = "decisions",
///         Full = "full",
///     }
/// }
/// Level::ALL == [Level::Decisions, Level::Full]; Level::COUNT == 2;
/// Level::parse(" FULL ") == Some(Level::Full); Level::Full.to_string() == "full"
/// ```
///
/// The enum derives `Clone, Copy, PartialEq, Eq, Hash, Debug` (more derives may be added) and
/// is `#[non_exhaustive]`: these lists grow (engines, techniques, formats …), and a crate
/// that matches on one needs an arm for the choices added after it was written.
/// The variants take no explicit discriminants: they are numbered in order from 0, so
/// `variant as usize` indexes `ALL` (and tables of `COUNT` entries). `parse` trims the text
/// and ignores ASCII case.
macro_rules! named {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[non_exhaustive]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// How many variants there are.
            pub const COUNT: usize = [$($text),+].len();

            /// Every variant, in declaration order (`variant as usize` is its index).
            pub const ALL: [$name; $name::COUNT] = [$($name::$variant),+];

            /// The name used in text.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The variant named `text` (surrounding space and ASCII case ignored).
            pub fn parse(text: &str) -> Option<$name> {
                let text = text.trim();
                $name::ALL
                    .into_iter()
                    .find(|v| v.name().eq_ignore_ascii_case(text))
            }
        }

        impl $crate::named::Named for $name {
            const ALL: &'static [$name] = &$name::ALL;

            fn name(self) -> &'static str {
                $name::name(self)
            }

            fn parse(text: &str) -> Option<$name> {
                $name::parse(text)
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    named! {
        enum Shade {
            Light = "light",
            Dark = "dark",
        }
    }

    #[test]
    fn names_parse_back_and_index_the_list() {
        assert_eq!(Shade::ALL, [Shade::Light, Shade::Dark]);
        assert_eq!(Shade::COUNT, 2);
        assert_eq!(Shade::parse(" DARK "), Some(Shade::Dark));
        assert_eq!(Shade::parse("dusk"), None);
        assert_eq!(Shade::Light.to_string(), "light");
        assert_eq!(Shade::Dark as usize, 1);
    }
}
