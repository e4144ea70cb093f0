//! The WebAssembly exports, run in Node by wasm-bindgen-test-runner
//! (`cargo test --target wasm32-unknown-unknown --test wasm_node`).
#![cfg(target_arch = "wasm32")]

include!("wasm/common.rs");
