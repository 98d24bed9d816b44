/**
 * What a person copies is what the page shows (batch 12's round, docs/builder.md): a structured
 * value the page never prints loses to the value the page labels, with marks compared as read
 * ("Durres" is not "Durrës"); a date written with a month word in any language is a date; the
 * site's own name as a recipe's author loses to the person a byline names, even when the
 * training pages share that person.
 */
import { describe, expect, it } from 'vitest';
import type { PageInput } from '../../src/recipe/extract/index.js';
import { inducedOn } from './fixtures.js';

interface Job {
  title: string;
  city: string;
  /** The city as the JobPosting writes it (English spelling, no marks). */
  ldCity: string;
  posted: string;
  ldPosted: string;
}

function jobPage(id: string, j: Job): PageInput {
  const ld = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: j.title,
    datePosted: j.ldPosted,
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: j.ldCity, addressCountry: 'AL' } },
  };
  const row = (label: string, value: string) => `<li class="item"><div><small class="muted">${label}</small><strong>${value}</strong></div></li>`;
  const text = `<!doctype html><html><head><title>${j.title} | Punë</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><main><h1>${j.title}</h1><p>Përshkrimi i punës për këtë pozicion.</p>
    <ul class="facts">${row('Qyteti', j.city)}${row('Publikuar më', j.posted)}${row('Afati i aplikimit', '30 shtator 2025')}</ul></main></body></html>`;
  return { url: `https://pune.example/pune/${id}`, contentType: 'text/html', text };
}

describe('values the page shows', () => {
  const training = [
    jobPage('1', { title: 'Infermier', city: 'Tiranë', ldCity: 'Tirana', posted: '12 korrik 2025', ldPosted: '2025-07-12' }),
    jobPage('2', { title: 'Kontabilist', city: 'Durrës', ldCity: 'Durres', posted: '10 korrik 2025', ldPosted: '2025-07-10' }),
  ];
  const heldOut = jobPage('3', { title: 'Shofer', city: 'Shkodër', ldCity: 'Shkoder', posted: '7 korrik 2025', ldPosted: '2025-06-02' });

  it('reads the city the page labels, not the structured spelling it never prints (marks count)', () => {
    expect(inducedOn(training, ['location'], heldOut, 'job').location).toBe('Shkodër');
  });

  it('reads the date the page labels, written with a month word of a language it does not know', () => {
    expect(inducedOn(training, ['date_posted'], heldOut, 'job').date_posted).toBe('7 korrik 2025');
  });

  it('keeps the structured value when the page prints it', () => {
    const same = training.map((p) => ({ ...p, text: p.text.replace('Tiranë', 'Tirana').replace('Durrës', 'Durres') }));
    const page = { ...heldOut, text: heldOut.text.replace('Shkodër', 'Shkoder') };
    expect(inducedOn(same, ['location'], page, 'job').location).toBe('Shkoder');
  });
});

function recipePage(id: string, name: string, author: string): PageInput {
  const ld = { '@context': 'https://schema.org', '@type': 'Recipe', name, author: { '@type': 'Organization', name: 'Tuisblad' }, recipeIngredient: ['1 kg meel'] };
  const text = `<!doctype html><html><head><title>${name} | Tuisblad</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head>
    <body><header><a class="logo" href="/">Tuisblad</a></header><main><h1>${name}</h1>
    <p class="byline"><span class="author">Deur <a href="/skrywer/x">${author}</a></span></p>
    <ul class="ingredients"><li>1 kg meel</li></ul></main></body></html>`;
  return { url: `https://tuisblad.example/kos/${id}`, contentType: 'text/html', text };
}

describe("the site's name as author", () => {
  it('loses to the person a byline names, though both training pages name the same person', () => {
    const training = [recipePage('1', 'Melktert', 'Annelize Visagie'), recipePage('2', 'Koeksisters', 'Annelize Visagie')];
    const heldOut = recipePage('3', 'Roosterkoek', 'Marietjie du Toit');
    expect(inducedOn(training, ['author'], heldOut, 'recipe').author).toEqual(['Marietjie du Toit']);
  });
});
